// The posts feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export { getPost } from './api/get-post';
export { CoverImage } from './components/cover-image';
export { PostFeed, PostFeedSkeleton } from './components/post-feed';
export { PostNotFound } from './components/post-not-found';
export type { UpdatePostData } from './loaders/update-post-loader';
export { importPostRules } from './post-rules-on-demand';
