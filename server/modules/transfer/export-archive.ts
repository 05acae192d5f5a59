import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { statusAt } from '../posts/post-select';
import { splitTags } from '../posts/post-tags';
import { mediaKey } from '../media/media-service';
import type { MediaStorage } from '../media/media-storage';
import { toPostFile } from './post-file';
import type {
  ExportedComment,
  ExportedPost,
  ExportedSeries,
  ExportedSubscription,
  TransferRepository,
} from './transfer-repository';

// A post's version history (post_versions) is left out: the archive holds what the writer wrote,
// each post's current text; the history is the editor's tool, kept by backups (decision 76).

/** What the archive says about itself, so an import knows what it is reading. */
export const EXPORT_FORMAT = 'inkwell-export';
export const EXPORT_VERSION = 1;
export const EXPORT_MANIFEST = 'inkwell-export.json';

const README = `This is everything you wrote on Inkwell.

posts/      one Markdown file per post, its title, state, dates and tags in the front matter
images/     the pictures you uploaded, at the largest size kept; the posts link to them here
comments.json   your comments, each with the post it is on
subscriptions.json   the newsletters you subscribed to while signed in, and their state
series.json     the series you made, each with its posts' ids in order

\`npm run import\` on any Inkwell instance brings this archive back in, and so does any tool that
reads Markdown with front matter.
`;

/** `/media/<id>/<width>.webp` (optionally on the site's own origin), the only way posts name pictures. */
const MEDIA_URL = /(?:https?:\/\/[^\s()<>"']*?)?\/media\/([0-9a-f-]{36})\/\d+\.webp/g;

/** A file name from a title: lower-case words joined by dashes, at most 60 characters. */
function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'untitled';
}

function postFileName(post: ExportedPost, taken: Set<string>): string {
  const day = (post.published_at ?? post.created_at).slice(0, 10);
  let name = `${day}-${slugOf(post.title)}.md`;
  if (taken.has(name)) name = `${day}-${slugOf(post.title)}-${post.id.slice(-8)}.md`;
  taken.add(name);
  return name;
}

export interface ExportSources {
  transfer: TransferRepository;
  storage: MediaStorage;
  /** The site's origin: links to its own pictures are made relative to the archive. */
  publicOrigin: string;
}

/**
 * A zip of everything one account wrote, streamed as it is built: posts as Markdown
 * with front matter, the pictures they uploaded (stored as they are: WebP is already compressed),
 * their comments, a manifest and a README. Pictures are read one at a time, so the archive never
 * has to fit in memory.
 */
export function exportArchive(sources: ExportSources, user: { id: string; username: string }): Readable {
  const output = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) output.destroy(error);
    else {
      output.write(Buffer.from(chunk));
      if (final) output.end();
    }
  });
  const addText = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  const addBytes = (name: string, data: Uint8Array) => {
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(data, true);
  };

  void (async () => {
    const [posts, media, comments, subscriptions, series] = await Promise.all([
      sources.transfer.postsOf(user.id),
      sources.transfer.mediaOf(user.id),
      sources.transfer.commentsOf(user.id),
      sources.transfer.subscriptionsOf(user.id),
      sources.transfer.seriesOf(user.id),
    ]);
    const exported = new Set<string>();
    for (const picture of media) {
      const largest = Math.max(...picture.widths.split(' ').map(Number));
      const data = await sources.storage.get(mediaKey(picture.id, largest));
      if (!data) continue;
      addBytes(`images/${picture.id}.webp`, data);
      exported.add(picture.id);
      // A slow download holds back the next picture rather than piling them up in memory.
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    const relative = (markdown: string) =>
      markdown.replace(MEDIA_URL, (url, id: string) =>
        exported.has(id) && (url.startsWith('/') || url.startsWith(sources.publicOrigin))
          ? `../images/${id}.webp`
          : url,
      );
    const now = new Date().toISOString();
    const names = new Set<string>();
    for (const post of posts) {
      const cover = post.cover_id && exported.has(post.cover_id) ? `../images/${post.cover_id}.webp` : null;
      const status = statusAt(post.published_at, now);
      addText(
        `posts/${postFileName(post, names)}`,
        toPostFile(
          {
            id: post.id,
            title: post.title,
            status,
            publishedAt: post.published_at,
            createdAt: post.created_at,
            updatedAt: post.updated_at,
            tags: splitTags(post.tags),
            cover,
          },
          relative(post.content),
        ),
      );
    }
    addText('comments.json', `${JSON.stringify(comments.map(commentEntry), null, 2)}\n`);
    addText('subscriptions.json', `${JSON.stringify(subscriptions.map(subscriptionEntry), null, 2)}\n`);
    addText('series.json', `${JSON.stringify(series.map(seriesEntry), null, 2)}\n`);
    addText(
      EXPORT_MANIFEST,
      `${JSON.stringify(
        {
          format: EXPORT_FORMAT,
          version: EXPORT_VERSION,
          exportedAt: now,
          user: { id: user.id, username: user.username },
          counts: {
            posts: posts.length,
            images: exported.size,
            comments: comments.length,
            subscriptions: subscriptions.length,
            series: series.length,
          },
        },
        null,
        2,
      )}\n`,
    );
    addText('README.md', README);
    zip.end();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

function commentEntry(comment: ExportedComment) {
  return {
    id: comment.id,
    post: { id: comment.post_id, title: comment.post_title },
    replyTo: comment.parent_id,
    body: comment.body,
    createdAt: comment.created_at,
    editedAt: comment.edited_at,
    passage: comment.anchor_quote,
  };
}

function seriesEntry(series: ExportedSeries) {
  return {
    id: series.id,
    title: series.title,
    description: series.description,
    publication: series.publication_slug,
    posts: series.post_ids,
    createdAt: series.created_at,
    updatedAt: series.updated_at,
  };
}

function subscriptionEntry(subscription: ExportedSubscription) {
  return {
    publication: { slug: subscription.publication_slug, name: subscription.publication_name },
    email: subscription.email,
    status: subscription.status,
    subscribedAt: subscription.created_at,
    confirmedAt: subscription.confirmed_at,
    unsubscribedAt: subscription.unsubscribed_at,
  };
}
