// The discover feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export type { DiscoverView } from './discover-view';
export { loadDiscover } from './loaders/discover-loader';
