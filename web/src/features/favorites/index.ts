// The favorites feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export { addFavorite } from './api/add-favorite';
export type { FavoriteState } from './api/favorite-state';
export { getFavorites } from './api/get-favorites';
export { removeFavorite } from './api/remove-favorite';
