import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PostView as Post } from '../../../lib/post-summary';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { deletePost } from '../api/delete-post';
import { POST_DELETED_NOTICE, type AllPostsLocationState } from '../../../lib/location-state';

export interface DeletePostDialogProps {
  post: Post;
  open: boolean;
  onClose: () => void;
}

/**
 * Specification §4: Delete goes to /allblog, after a confirmation. A failure stays in the
 * dialog with the Delete button as the retry (PRODUCT fix 5), rather than failing silently.
 */
export function DeletePostDialog({ post, open, onClose }: DeletePostDialogProps) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    const result = await deletePost(post.id);
    if (!result.ok) {
      console.error('Error deleting post', result.error);
      setPending(false);
      setError(result.error.message);
      return;
    }
    // Replace: Back must not return to a post that no longer exists.
    const state: AllPostsLocationState = { notice: POST_DELETED_NOTICE };
    void navigate('/allblog', { replace: true, state });
  };

  return (
    <ConfirmDialog
      open={open}
      title="Delete this post?"
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={pending}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
    >
      <p>“{post.title}” and its discussion will be removed for good. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
