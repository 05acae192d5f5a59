import { absoluteUrl, type PageMeta } from '../../app/head/document-head';
import type { SiteInfo } from '../../../../contracts/page-rendering';
import { TEXT_FACE_PRELOAD } from '../../styles/text-face';
import { canonicalPostPath, profilePath } from './paths';
import type { PostView } from './post-summary';

/** The read page's head (issue 8 §2): an article, with its author's feeds and BlogPosting data. */
export function postMeta(post: PostView, site: SiteInfo): PageMeta {
  const url = absoluteUrl(site, canonicalPostPath(post.id));
  const authorPath = profilePath(post.author.id);
  return {
    title: post.title,
    documentTitle: `${post.title}, by ${post.author.username}`,
    description: post.description,
    canonicalPath: canonicalPostPath(post.id),
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
      ...(post.cover
        ? { image: absoluteUrl(site, post.cover.url) }
        : post.imageUrl
          ? { image: post.imageUrl }
          : {}),
    },
  };
}
