import { useState } from 'react';
import { FavoriteButton } from './favorite-button';

/**
 * The favorite button on a post card. Cards come from pages cached for everyone, so whether this
 * reader favorited the post is not known until they press: the server's answer says.
 */
export function CardFavorite({ post }: { post: { id: string; title: string; favoriteCount: number } }) {
  const [state, setState] = useState<{ favorited?: boolean; favoriteCount: number }>({
    favoriteCount: post.favoriteCount,
  });
  return (
    <FavoriteButton
      compact
      post={{ id: post.id, title: post.title, ...state }}
      onChange={(next) => setState(next)}
    />
  );
}
