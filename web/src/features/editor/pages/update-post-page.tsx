import { lazy, Suspense, useState, type ReactNode } from 'react';
import { authorNames } from '../../../../../contracts/coauthors';
import { useLoaderData, useNavigate, useRevalidator } from 'react-router';
import type { Post, PostCover } from '../../../../../contracts/posts';
import { PageHead } from '../../../lib/head/page-head';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Skeleton } from '../../../components/ui/skeleton';
import { Loaded } from '../../../lib/loaded';
import { useApiResource } from '../../../lib/use-api-resource';
import { listMemberships } from '../../publications';
import { useSession } from '../../auth';
import { savePost } from '../../drafts';
import { statusOf } from '../../drafts';
import { DRAFTS_PATH } from '../../drafts';
import { scheduledNotice } from '../../drafts';
import type { UpdatePostData } from '../../posts';
import { PublicationSelect, publicationToSend } from '../../publications';
import { TagInput } from '../../tags';
import { CoverField } from '../components/cover-field';
import { usePostSettings } from '../components/post-settings-panel';
import { PostForm } from '../components/post-form';
import { useSeriesChoice } from '../components/series-choice';
import { SharePreview } from '../components/share-preview';
import { PostNotFound } from '../../posts';
import { readPostPath } from '../../../lib/paths';
import '../../../styles/posts.css';
import '../../../styles/writing.css';
import { AppLink } from '../../../components/ui/app-link';

/** Who writes the post and who is asked to (decision 85): loaded after the editor, on its own. */
const AuthorsSection = lazy(async () => ({
  default: (await import('../components/authors-section')).AuthorsSection,
}));

/** PRODUCT fix 3: someone else's post is not editable here, and the page says so. */
export const NOT_AUTHOR_MESSAGE = 'You can only edit your own posts';

/**
 * /updateblog?id=, behind RequireAccount: the editor prefilled with the post. SPEC §4: an update
 * goes to the post. A failed fetch shows Retry instead of the spec's silent failure (PRODUCT fix 5).
 */
export function UpdatePostPage() {
  const data = useLoaderData() as UpdatePostData;
  const { userData } = useSession();
  const viewerId = userData?.id ?? '';
  const revalidator = useRevalidator();

  if (data.id === null) return <PostNotFound />;

  const skeleton = (
    <div className="page page--narrow editor-page">
      <PageHead title="Edit post" noindex />
      <h1 className="editor-page__heading">Edit post</h1>
      <EditorSkeleton />
    </div>
  );
  if (data.post === null) return skeleton;

  return (
    <Loaded value={data.post} fallback={skeleton}>
      {(post) => {
        if (!post.ok && post.error.status === 404) return <PostNotFound />;
        return (
          <div className="page page--narrow editor-page">
            <PageHead title="Edit post" noindex />
            {post.ok ? (
              post.data.authorId === viewerId ? (
                <>
                  <h1 className="editor-page__heading">Edit post</h1>
                  <EditForm post={post.data} />
                  <Suspense fallback={null}>
                    <AuthorsSection postId={post.data.id} />
                  </Suspense>
                </>
              ) : post.data.authors.some((author) => author.id === viewerId) ? (
                <>
                  <h1 className="editor-page__heading">Edit post</h1>
                  <p className="editor-page__note">
                    You co-write this post with{' '}
                    {authorNames(post.data.authors.filter((a) => a.id !== viewerId))}. Only{' '}
                    {post.data.author.username} can delete it, move it or change its authors.
                  </p>
                  <EditForm post={post.data} canMove={false} />
                  <Suspense fallback={null}>
                    <AuthorsSection postId={post.data.id} />
                  </Suspense>
                </>
              ) : (
                <SomeoneElsesPost post={post.data} skeleton={<EditorSkeleton />} />
              )
            ) : (
              <>
                <h1 className="editor-page__heading">Edit post</h1>
                <ErrorRetry message={post.error.message} onRetry={() => void revalidator.revalidate()} />
              </>
            )}
          </div>
        );
      }}
    </Loaded>
  );
}

/**
 * Another writer's post: its publication's editors and owner edit, publish and unpublish it
 * (issue 11 §1), but only its author moves it elsewhere; anyone else is told whose it is.
 */
function SomeoneElsesPost({ post, skeleton }: { post: Post; skeleton: ReactNode }) {
  const { resource } = useApiResource(listMemberships);
  if (resource.status === 'loading') return skeleton;
  const role =
    resource.status === 'ready'
      ? resource.value.find((membership) => membership.publication.slug === post.publication?.slug)?.role
      : undefined;
  if (role !== 'editor' && role !== 'owner') return <NotTheAuthor post={post} />;
  return (
    <>
      <h1 className="editor-page__heading">Edit post</h1>
      <p className="editor-page__note">
        {post.author.username}’s post in {post.publication?.name}: you edit it as its{' '}
        {role === 'owner' ? 'owner' : 'editor'}.
      </p>
      <EditForm post={post} canMove={false} />
    </>
  );
}

function EditForm({ post, canMove = true }: { post: Post; canMove?: boolean }) {
  const navigate = useNavigate();
  const isPublished = statusOf(post) === 'published';
  // Shown and sent by the names as typed (C++); the server derives each address again.
  const [tags, setTags] = useState(post.tagLabels);
  const [publication, setPublication] = useState<string | undefined>(undefined);
  const [cover, setCover] = useState<PostCover | null>(post.cover);
  // Sent only when the writer changed it: a publication's editor keeps the author's own picture.
  const coverId = cover?.id === post.cover?.id ? undefined : (cover?.id ?? null);
  const settings = usePostSettings(post);
  const series = useSeriesChoice({
    postId: post.id,
    authorId: post.authorId,
    publication,
    current: post.publication,
  });
  return (
    <>
      <PostForm
        initialValues={{ title: post.title, content: post.content }}
        post={post}
        submitLabel={isPublished ? 'Update' : 'Publish'}
        pendingLabel={isPublished ? 'Updating…' : 'Publishing…'}
        tagsSlot={<TagInput value={tags} onChange={setTags} />}
        coverSlot={<CoverField value={cover} onChange={setCover} />}
        draftFields={{ tags, coverId, ...settings.changes, ...series.changes }}
        onSaved={series.saved}
        publicationSlot={
          <>
            {settings.panel}
            {canMove ? (
              <PublicationSelect current={post.publication} value={publication} onChange={setPublication} />
            ) : null}
            {series.picker}
          </>
        }
        newsletterList={publication ?? post.publication?.slug ?? post.authorId}
        submit={async (input, action, current) => {
          const moveTo = publicationToSend(publication, post.publication);
          const result = await savePost(
            { ...input, tags, publication: moveTo, coverId, ...settings.changes, ...series.changes },
            action,
            {
              postId: post.id,
              version: current.version,
            },
          );
          if (!result.ok) {
            console.error('Error updating post', result.error);
            return result.error;
          }
          const saved = result.data.response;
          if (action.kind === 'publish') {
            // SPEC §4: an update goes to the post.
            void navigate(readPostPath(saved));
            return { ok: true, post: saved, leaving: true };
          }
          if (action.kind === 'schedule') {
            void navigate(DRAFTS_PATH, { state: { notice: scheduledNotice(saved) } });
            return { ok: true, post: saved, leaving: true };
          }
          return { ok: true, post: saved, leaving: false };
        }}
      />
      {isPublished ? null : <SharePreview postId={post.id} />}
    </>
  );
}

function NotTheAuthor({ post }: { post: Post }) {
  return (
    <div className="empty-state">
      <h1 className="editor-page__heading">{NOT_AUTHOR_MESSAGE}</h1>
      <p>
        “{post.title}” was written by {post.author.username}. You can still read it and join its discussion.
      </p>
      <p className="empty-state__actions">
        <AppLink className="button button--primary" to={readPostPath(post)}>
          Read the post
        </AppLink>
      </p>
    </div>
  );
}

/** The editor's shape while the post loads. */
function EditorSkeleton() {
  return (
    <div className="post-form" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading post…
      </p>
      <div aria-hidden="true">
        <Skeleton className="skeleton--text skeleton--w-25" />
        <Skeleton className="skeleton--post-title" />
        <Skeleton className="skeleton--text skeleton--w-25" />
        <Skeleton className="skeleton--editor" />
      </div>
    </div>
  );
}
