// The social feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export { CardFavorite } from './components/card-favorite';
export { FavoriteButton } from './components/favorite-button';
export { PeopleLists } from './components/people-lists';
