import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PostView as Post } from '../../../lib/post-summary';
import { ActionMenu, type ActionMenuItem } from '../../../components/ui/action-menu';
import { withNext } from '../../../lib/safe-next-path';
import { useSession } from '../../auth';
import { addFavorite } from '../../favorites';
import { removeFavorite } from '../../favorites';
import { shareLink } from '../lib/share-post';
import { editPostPath, readPostPath } from '../../../lib/paths';
import { loadReportDialog } from '../../moderation';

// Only a reader who reports downloads the report form and its validation library.
const ReportDialog = lazy(async () => ({
  default: await loadReportDialog(),
}));

// Only an author who asks to delete downloads the confirmation dialog.
const DeletePostDialog = lazy(async () => ({
  default: (await import('./delete-post-dialog')).DeletePostDialog,
}));

export interface PostMenuProps {
  post: Post;
  onPostChange: (post: Post) => void;
  /** Says what happened (Link copied, Added to favorites) in the page's status line. */
  onStatus: (message: string) => void;
}

/**
 * SPEC §2's three-dot menu on the read page, where every item works (PRODUCT fix 7): Share, Add to
 * / Remove from favorites, Report for anyone but the author (a visitor signs in
 * first), and for the author only (SPEC §6), Edit and Delete.
 */
export function PostMenu({ post, onPostChange, onStatus }: PostMenuProps) {
  const { status, userData } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [favoritePending, setFavoritePending] = useState(false);
  const isAuthor = status && Boolean(userData?.id) && userData?.id === post.authorId;
  // A co-author (decision 85) edits the post too, but only its first author deletes it.
  const isCoAuthor =
    status && !isAuthor && post.authors.some((author) => author.id === userData?.id && Boolean(userData.id));

  const share = async () => {
    const url = new URL(readPostPath(post), window.location.origin).toString();
    const outcome = await shareLink(post.title, url);
    if (outcome === 'copied') onStatus('Link copied');
    else if (outcome === 'failed') onStatus(`Could not copy the link. Copy it from here: ${url}`);
  };

  const toggleFavorite = async () => {
    if (!status) {
      void navigate(withNext('/signin', location.pathname + location.search));
      return;
    }
    if (favoritePending) return;
    setFavoritePending(true);
    const result = post.favorited ? await removeFavorite(post.id) : await addFavorite(post.id);
    setFavoritePending(false);
    if (!result.ok) {
      onStatus(result.error.message);
      return;
    }
    const { favorited, favoriteCount } = result.data.response;
    onPostChange({ ...post, favorited, favoriteCount });
    onStatus(favorited ? 'Added to favorites' : 'Removed from favorites');
  };

  const items: ActionMenuItem[] = [
    { id: 'share', label: 'Share', onSelect: () => void share() },
    {
      id: 'favorite',
      label: post.favorited ? 'Remove from favorites' : 'Add to favorites',
      onSelect: () => void toggleFavorite(),
    },
  ];
  if (!isAuthor && !isCoAuthor) {
    items.push({
      id: 'report',
      label: 'Report',
      onSelect: () => {
        if (status) setReporting(true);
        else void navigate(withNext('/signin', location.pathname + location.search));
      },
    });
  }
  if (isCoAuthor) items.push({ id: 'edit', label: 'Edit', to: editPostPath(post.id) });
  if (isAuthor) {
    items.push(
      { id: 'edit', label: 'Edit', to: editPostPath(post.id) },
      { id: 'delete', label: 'Delete', tone: 'danger', onSelect: () => setConfirmingDelete(true) },
    );
  }

  return (
    <>
      <ActionMenu label="More actions for this post" items={items} />
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog target={{ kind: 'post', id: post.id }} onClose={() => setReporting(false)} />
        </Suspense>
      ) : null}
      {isAuthor && confirmingDelete ? (
        <Suspense fallback={null}>
          <DeletePostDialog post={post} open onClose={() => setConfirmingDelete(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
