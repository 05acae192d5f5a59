import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withNext } from '../../../lib/safe-next-path';
import { useSession } from '../../auth';
import { addFavorite } from '../../favorites';
import type { FavoriteState } from '../../favorites';
import { removeFavorite } from '../../favorites';
import { HeartIcon } from './heart-icon';
import '../social.css';

export interface FavoriteButtonProps {
  post: { id: string; title: string; favoriteCount: number; favorited?: boolean | undefined };
  /** The server's answer after a toggle, so the page (and the "…" menu) shows the same state. */
  onChange: (state: FavoriteState) => void;
  onStatus?: (message: string) => void;
  /** Smaller, for cards. */
  compact?: boolean;
}

/**
 * Favoriting in plain sight, with the post's count. A toggle (aria-pressed); a
 * visitor is sent to sign in and brought back. The count shown is the server's, after the write.
 */
export function FavoriteButton({ post, onChange, onStatus, compact = false }: FavoriteButtonProps) {
  const { status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const favorited = post.favorited === true;

  const toggle = async () => {
    if (!status) {
      void navigate(withNext('/signin', location.pathname + location.search));
      return;
    }
    if (pending) return;
    setPending(true);
    const result = favorited ? await removeFavorite(post.id) : await addFavorite(post.id);
    setPending(false);
    if (!result.ok) {
      onStatus?.(result.error.message);
      return;
    }
    onChange(result.data.response);
    onStatus?.(result.data.response.favorited ? 'Added to favorites' : 'Removed from favorites');
  };

  const count = post.favoriteCount;
  return (
    <button
      className={compact ? 'favorite-button favorite-button--compact' : 'favorite-button'}
      type="button"
      aria-pressed={favorited}
      aria-busy={pending || undefined}
      aria-label={`Favorite “${post.title}”, ${count.toLocaleString('en-US')} ${count === 1 ? 'favorite' : 'favorites'}`}
      onClick={() => void toggle()}
    >
      <HeartIcon filled={favorited} />
      <span className="favorite-button__count">
        {compact
          ? count.toLocaleString('en-US')
          : `${count.toLocaleString('en-US')} ${count === 1 ? 'favorite' : 'favorites'}`}
      </span>
    </button>
  );
}
