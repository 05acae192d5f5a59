import { useRef } from 'react';
import { useLoaderData } from 'react-router';
import { PageHead } from '../../../lib/head/page-head';
import { Avatar } from '../../../components/ui/avatar';
import { LocalDate } from '../../../components/ui/local-date';
import { AppLink } from '../../../components/ui/app-link';
import { TagLinks } from '../../../components/ui/tag-links';
import { profilePath } from '../../../lib/paths';
import { useEmbeds } from '../../../lib/use-embeds';
import type { PostView } from '../../../lib/post-summary';
import { CoverImage } from '../components/cover-image';
import { PublicationCredit } from '../components/publication-credit';
import { CoAuthorLinks, coAuthorsOf } from '../../../components/ui/co-author-links';
import type { PreviewPostData } from '../loaders/preview-post-loader';
import '../../../styles/posts.css';

/**
 * /preview?token=: an unpublished post as its page will look, for whoever the writer gave the link
 * (docs/decisions/0075-preview-links.md). Nothing to favorite or discuss yet; never indexed.
 */
export function PreviewPostPage() {
  const { post } = useLoaderData() as PreviewPostData;
  if (!post.ok) {
    return (
      <div className="page page--narrow empty-state">
        <PageHead title="Preview not found" noindex />
        <h1 className="post-not-found__title">{post.error.message}</h1>
        <p>Ask the writer for a new link.</p>
        <p className="empty-state__actions">
          <AppLink className="button button--primary" to="/allblog">
            Browse all posts
          </AppLink>
        </p>
      </div>
    );
  }
  return <PreviewedPost post={post.data} />;
}

function PreviewedPost({ post }: { post: PostView }) {
  const contentRef = useRef<HTMLDivElement>(null);
  const openEmbed = useEmbeds(contentRef, post.contentHtml);
  return (
    <div className="page page--narrow read-post">
      <PageHead title={`Preview: ${post.title || 'Untitled'}`} noindex />
      <aside className="notice preview-notice" aria-label="Preview">
        <strong>Preview.</strong>{' '}
        {post.status === 'scheduled' && post.publishedAt ? (
          <>
            This post is scheduled for <LocalDate iso={post.publishedAt} />.
          </>
        ) : (
          'This post is not published yet.'
        )}{' '}
        You are reading it through a private link from its writer: please do not share it.
      </aside>
      <article className="post" aria-labelledby="post-title">
        <header className="post__header">
          <h1 id="post-title" className="post__title">
            {post.title || 'Untitled'}
          </h1>
          <div className="post__byline">
            <Avatar name={post.author.username} picture={post.author.picture} size="md" />
            <div className="post__byline-text">
              <span className="post__author-line">
                <AppLink className="post__author" to={profilePath(post.author)}>
                  {post.author.username}
                </AppLink>
                <CoAuthorLinks coAuthors={coAuthorsOf(post)} className="post__author" />
                <PublicationCredit publication={post.publication} className="post__publication" />
              </span>
              <span className="post__date">{post.readingMinutes} min read</span>
            </div>
          </div>
        </header>
        {post.cover && (
          <CoverImage
            className="post__cover"
            cover={post.cover}
            sizes="(max-width: 45rem) 100vw, 45rem"
            eager
          />
        )}
        {/* Rendered and sanitized on the server, as on the post's own page. */}
        <div
          ref={contentRef}
          onClick={openEmbed}
          className="markdown prose post__content"
          dangerouslySetInnerHTML={{ __html: post.contentHtml }}
        />
        <TagLinks tags={post.tags} labels={post.tagLabels} className="post__tags" />
      </article>
    </div>
  );
}
