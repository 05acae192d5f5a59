// The profile feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export { BylineFollow } from './components/byline-follow';
export { FollowButton } from './components/follow-button';
export { loadProfilePostsPage } from './loaders/profile-loader';
