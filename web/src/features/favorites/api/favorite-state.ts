/** What the favorite endpoints answer: the reader's state and the post's new count. */
export interface FavoriteState {
  favorited: boolean;
  favoriteCount: number;
}
