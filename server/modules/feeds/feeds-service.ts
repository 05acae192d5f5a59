import { FEED_MEDIA_TYPES, feedPath, type FeedFormat, type FeedScope } from '../../../contracts/feeds';
import { profilePreview } from '../../../contracts/preview';
import { SITE_NAME, postPagePath, profilePagePath, tagPagePath } from '../../../contracts/site';
import { seriesPath } from '../../../contracts/series';
import { notFound } from '../../lib/http-errors';
import { authorPicture } from '../users/author-row';
import type { MarkdownRenderer } from '../posts/markdown/markdown-renderer';
import { writeFeed, type FeedChannel, type FeedEntry } from './feed-document';
import type { FeedAuthorRow, FeedCoAuthorRow, FeedPostRow, FeedsRepository } from './feeds-repository';

/** How many of the newest posts a feed carries. */
export const FEED_ITEM_COUNT = 20;
export const FEED_AUTHOR_NOT_FOUND_MESSAGE = 'User not found';
export const FEED_TOPIC_NOT_FOUND_MESSAGE = 'Tag not found';

/** A series as its feed needs it (the series module answers; decision 78): the parts readers see. */
export interface FeedSeries {
  id: string;
  title: string;
  description: string;
  owner: { username: string };
  parts: Array<{ id: string }>;
}

export interface FeedDocument {
  body: string;
  contentType: string;
  /** The newest change among the posts shown; undefined for a feed without posts. */
  lastModified: Date | undefined;
}

/** The site's feeds: the newest posts of everyone, or of one author, as RSS or Atom. */
export class FeedsService {
  constructor(
    private readonly feeds: FeedsRepository,
    /** config.publicUrl: every link is absolute and built from it, never from the request. */
    private readonly publicUrl: string,
    private readonly markdown: MarkdownRenderer,
    /** A series by id, 404 for none (the series service's read). */
    private readonly series?: (id: string) => Promise<FeedSeries>,
  ) {}

  async feed(format: FeedFormat, scope: FeedScope): Promise<FeedDocument> {
    if (scope.series !== undefined && this.series)
      return this.seriesFeed(format, await this.series(scope.series));
    const author = scope.userId === undefined ? undefined : await this.requireAuthor(scope.userId);
    const topic = scope.tag === undefined ? undefined : await this.requireTopic(scope.tag);
    const posts = await this.feeds.newestPosts(
      author
        ? { authorId: author.id, coWriter: await this.feeds.coWritesAny(author.id) }
        : scope.tag !== undefined
          ? { tag: scope.tag }
          : {},
      FEED_ITEM_COUNT,
    );
    const coAuthors = await this.coAuthorsOf(posts);
    const newest = latest(posts.map((post) => post.updated_at));
    const channel =
      scope.tag !== undefined && topic !== undefined
        ? this.topicChannel(scope.tag, topic, newest)
        : this.channel(author, newest ?? author?.created_at);
    const body = writeFeed(
      format,
      channel,
      posts.map((post) => this.entry(post, coAuthors)),
    );
    return {
      body,
      contentType: `${FEED_MEDIA_TYPES[format]}; charset=utf-8`,
      lastModified: newest === undefined ? undefined : new Date(newest),
    };
  }

  /** A series' newest parts: a reader follows it to hear of the next part. */
  private async seriesFeed(format: FeedFormat, series: FeedSeries): Promise<FeedDocument> {
    const posts = await this.feeds.postsAmong(
      series.parts.map((part) => part.id),
      FEED_ITEM_COUNT,
    );
    const newest = latest(posts.map((post) => post.updated_at));
    const coAuthors = await this.coAuthorsOf(posts);
    const scope: FeedScope = { series: series.id };
    const channel: FeedChannel = {
      title: `${series.title} · ${SITE_NAME}`,
      description: series.description || `A series by ${series.owner.username} on ${SITE_NAME}`,
      pageUrl: this.url(seriesPath(series.id)),
      feedUrls: { rss: this.url(feedPath('rss', scope)), atom: this.url(feedPath('atom', scope)) },
      iconUrl: this.url('/icon-192.png'),
      updated: new Date(newest ?? 0),
    };
    return {
      body: writeFeed(
        format,
        channel,
        posts.map((post) => this.entry(post, coAuthors)),
      ),
      contentType: `${FEED_MEDIA_TYPES[format]}; charset=utf-8`,
      lastModified: newest === undefined ? undefined : new Date(newest),
    };
  }

  /** The route has already refused ids that are not UUIDs (contracts/ids.ts). */
  private async requireAuthor(userId: string): Promise<FeedAuthorRow> {
    const author = await this.feeds.findAuthor(userId);
    if (!author) throw notFound(FEED_AUTHOR_NOT_FOUND_MESSAGE);
    return author;
  }

  /** The topic's name as typed, for the channel's words; 404 for a topic never used. */
  private async requireTopic(tag: string): Promise<string> {
    const label = await this.feeds.topicLabel(tag);
    if (label === undefined) throw notFound(FEED_TOPIC_NOT_FOUND_MESSAGE);
    return label;
  }

  /** Named by the topic's label (C++); its links use the address (c++). */
  private topicChannel(tag: string, label: string, updated: string | undefined): FeedChannel {
    return {
      title: `${label} · ${SITE_NAME}`,
      description: `The newest posts about ${label} on ${SITE_NAME}`,
      pageUrl: this.url(tagPagePath(tag)),
      feedUrls: { rss: this.url(feedPath('rss', { tag })), atom: this.url(feedPath('atom', { tag })) },
      iconUrl: this.url('/icon-192.png'),
      updated: new Date(updated ?? 0),
    };
  }

  private channel(author: FeedAuthorRow | undefined, updated: string | undefined): FeedChannel {
    const scope: FeedScope = author ? { userId: author.id } : {};
    const picture = author ? authorPicture(author.picture_id) : null;
    return {
      title: author ? `${author.username} · ${SITE_NAME}` : SITE_NAME,
      description: author
        ? `The newest posts by ${author.username} on ${SITE_NAME}`
        : `The newest posts on ${SITE_NAME}`,
      pageUrl: this.url(author ? profilePagePath(author) : '/allblog'),
      feedUrls: { rss: this.url(feedPath('rss', scope)), atom: this.url(feedPath('atom', scope)) },
      iconUrl: this.url('/icon-192.png'),
      // A site without posts has no date of its own; the epoch keeps the document (and its ETag)
      // the same from one request to the next.
      updated: new Date(updated ?? 0),
      ...(author ? { author: { name: author.username, url: this.url(profilePagePath(author)) } } : {}),
      ...(picture ? { imageUrl: this.url(picture.url) } : {}),
    };
  }

  /** Each post's co-authors (decision 85), by post id. */
  private async coAuthorsOf(posts: FeedPostRow[]): Promise<Map<string, FeedCoAuthorRow[]>> {
    const byPost = new Map<string, FeedCoAuthorRow[]>();
    for (const row of await this.feeds.coAuthorsOf(posts.map((post) => post.id))) {
      byPost.set(row.post_id, [...(byPost.get(row.post_id) ?? []), row]);
    }
    return byPost;
  }

  private entry(post: FeedPostRow, coAuthors: Map<string, FeedCoAuthorRow[]>): FeedEntry {
    return {
      // The id is fixed at creation, so edits (and a new PUBLIC_URL) never make a post look new.
      guid: `urn:uuid:${post.id}`,
      url: this.url(postPagePath(post.id)),
      title: post.title,
      summary: profilePreview(post.content),
      html: this.markdown.render(post.content, 1, this.publicUrl).html,
      published: new Date(post.created_at),
      updated: new Date(post.updated_at),
      authors: [
        { id: post.author_id, username: post.username, handle: post.handle },
        ...(coAuthors.get(post.id) ?? []),
      ].map((author) => ({ name: author.username, url: this.url(profilePagePath(author)) })),
    };
  }

  private url(path: string): string {
    return `${this.publicUrl}${path}`;
  }
}

/** ISO-8601 UTC timestamps sort as text. */
function latest(timestamps: string[]): string | undefined {
  let newest: string | undefined;
  for (const timestamp of timestamps) if (newest === undefined || timestamp > newest) newest = timestamp;
  return newest;
}
