import { absoluteUrl, type PageMeta } from '../../lib/head/document-head';
import { postObjectPath } from '../../../../contracts/federation';
import type { SiteInfo } from '../../../../contracts/page-rendering';
import { publicationSiteUrl, sitePostPath } from '../../../../contracts/publication-url';
import { TEXT_FACE_PRELOAD } from '../../styles/text-face';
import { canonicalPostPath, profilePath } from '../../lib/paths';
import type { PostView } from '../../lib/post-summary';
import { authorNames } from '../../../../contracts/coauthors';

/**
 * A post's canonical address: where it was first published when its writer says so (decision 79),
 * else the read page, or, for a post in a publication with a verified custom domain, its page on
 * that domain, the address its owner promotes.
 */
export function postCanonicalUrl(
  site: SiteInfo,
  post: {
    id: string;
    slug?: string | null;
    canonicalUrl?: string | null;
    publication: { slug: string; domain: string | null } | null;
  },
): string {
  if (post.canonicalUrl) return post.canonicalUrl;
  if (post.publication?.domain) return `${publicationSiteUrl(site, post.publication)}${sitePostPath(post)}`;
  return absoluteUrl(site, canonicalPostPath(post.id));
}

/** The read page's head: an article, with its author's feeds and BlogPosting data. */
export function postMeta(post: PostView, site: SiteInfo): PageMeta {
  const url = postCanonicalUrl(site, post);
  const authorPath = profilePath(post.author);
  // The writer's search and social settings, each falling back to the post's own (decision 79).
  const title = post.metaTitle ?? post.title;
  const description = post.metaDescription ?? post.description;
  const picture = post.socialImage ?? post.cover;
  const image = picture ? absoluteUrl(site, picture.url) : post.imageUrl;
  // Every author (decision 85): one Person for a post with one, as before; else an array in order.
  const people = post.authors.map((author) => ({
    '@type': 'Person',
    name: author.username,
    url: absoluteUrl(site, profilePath(author)),
  }));
  return {
    title,
    documentTitle: post.metaTitle ?? `${post.title}, by ${authorNames(post.authors)}`,
    description,
    canonicalUrl: url,
    type: 'article',
    image,
    article: {
      publishedTime: post.publishedAt ?? post.createdAt,
      modifiedTime: post.updatedAt,
      authorName: post.author.username,
      authorPath,
    },
    feeds: [{ title: `${post.author.username} on ${site.name}`, scope: { userId: post.author.id } }],
    preloadFonts: [TEXT_FACE_PRELOAD],
    // The Article other servers read; only a published post has one (a draft's preview has none).
    ...(post.status === 'published' ? { activityPath: postObjectPath(post.id) } : {}),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: title,
      description,
      url,
      mainEntityOfPage: url,
      datePublished: post.publishedAt ?? post.createdAt,
      dateModified: post.updatedAt,
      author: people.length === 1 ? people[0] : people,
      commentCount: post.commentCount,
      // The topics by the names their writers typed (C++), as a reader sees them.
      ...(post.tagLabels.length > 0 ? { keywords: post.tagLabels } : {}),
      ...(image ? { image } : {}),
    },
  };
}
