import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Post } from '../../../../../contracts/posts';
import { DocumentTitle } from '../../../components/ui/document-title';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../auth/use-session';
import { usePost } from '../api/get-post';
import { updatePost } from '../api/update-post';
import { PostForm } from '../components/post-form';
import { PostNotFound } from '../components/post-not-found';
import { readPostPath } from '../paths';
import '../posts.css';

/** PRODUCT fix 3: someone else's post is not editable here, and the page says so. */
export const NOT_AUTHOR_MESSAGE = 'You can only edit your own posts';

/**
 * /updateblog?id=, behind RequireAccount: the editor prefilled with the post. SPEC §4: an update
 * goes to the post. A failed fetch shows Retry instead of the spec's silent failure (PRODUCT fix 5).
 */
export function UpdatePostPage() {
  const [params] = useSearchParams();
  const id = params.get('id') || null;
  const { userData } = useSession();
  const viewerId = userData?.id ?? '';
  const post = usePost(id, viewerId);

  if (id === null || (post.status === 'error' && post.error.status === 404)) return <PostNotFound />;

  return (
    <div className="page page--narrow editor-page">
      <DocumentTitle title="Edit post" />
      {post.status === 'success' ? (
        post.data.authorId === viewerId ? (
          <>
            <h1 className="editor-page__heading">Edit post</h1>
            <EditForm post={post.data} />
          </>
        ) : (
          <NotTheAuthor post={post.data} />
        )
      ) : (
        <>
          <h1 className="editor-page__heading">Edit post</h1>
          {post.status === 'error' ? (
            <ErrorRetry message={post.error.message} onRetry={post.retry} />
          ) : (
            <EditorSkeleton />
          )}
        </>
      )}
    </div>
  );
}

function EditForm({ post }: { post: Post }) {
  const navigate = useNavigate();
  return (
    <PostForm
      initialValues={{ title: post.title, content: post.content }}
      submitLabel="Update"
      pendingLabel="Updating…"
      submit={async (input) => {
        const result = await updatePost(post.id, input);
        if (!result.ok) {
          console.error('Error updating post', result.error);
          return result.error;
        }
        void navigate(readPostPath(result.data.response));
        return null;
      }}
    />
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
        <Link className="button button--primary" to={readPostPath(post)}>
          Read the post
        </Link>
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
