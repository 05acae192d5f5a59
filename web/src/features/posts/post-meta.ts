import { absoluteUrl, type PageMeta } from '../../lib/head/document-head';
import { postObjectPath } from '../../../../contracts/federation';
import type { SiteInfo } from '../../../../contracts/page-rendering';
import { publicationSiteUrl, sitePostPath } from '../../../../contracts/publication-url';
import { TEXT_FACE_PRELOAD } from '../../styles/text-face';
import { canonicalPostPath, profilePath } from '../../lib/paths';
import type { PostView } from '../../lib/post-summary';

/**
 * A post's canonical address: the read page, or, for a post in a publication with a
 * verified custom domain, its page on that domain, the address its owner promotes.
 */
export function postCanonicalUrl(
  site: SiteInfo,
  post: { id: string; publication: { slug: string; domain: string | null } | null },
): string {
  if (post.publication?.domain)
    return `${publicationSiteUrl(site, post.publication)}${sitePostPath(post.id)}`;
  return absoluteUrl(site, canonicalPostPath(post.id));
}

/** The read page's head: an article, with its author's feeds and BlogPosting data. */
export function postMeta(post: PostView, site: SiteInfo): PageMeta {
  const url = postCanonicalUrl(site, post);
  const authorPath = profilePath(post.author);
  return {
    title: post.title,
    documentTitle: `${post.title}, by ${post.author.username}`,
    description: post.description,
    canonicalUrl: url,
    type: 'article',
    image: post.cover ? absoluteUrl(site, post.cover.url) : post.imageUrl,
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
      headline: post.title,
      description: post.description,
      url,
      mainEntityOfPage: url,
      datePublished: post.publishedAt ?? post.createdAt,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: post.author.username, url: absoluteUrl(site, authorPath) },
      commentCount: post.commentCount,
      // The topics by the names their writers typed (C++), as a reader sees them.
      ...(post.tagLabels.length > 0 ? { keywords: post.tagLabels } : {}),
      ...(post.cover
        ? { image: absoluteUrl(site, post.cover.url) }
        : post.imageUrl
          ? { image: post.imageUrl }
          : {}),
    },
  };
}
