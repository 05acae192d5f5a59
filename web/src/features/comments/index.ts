// The comments feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export { getComments } from './api/get-comments';
export { CommentHeader } from './components/comment-item';
export { Discussion, prepareDiscussion } from './discussion-on-demand';
// Loaded on demand, so that it stays out of the first load of the pages that offer it.
export const loadCommentForm = async () => (await import('./components/comment-form')).CommentForm;
// The writer's defaults for comments, set in Settings (decision 0077).
export { getCommentSettings, saveCommentSettings } from './api/author-moderation';
