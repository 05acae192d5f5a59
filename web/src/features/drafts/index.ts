// The drafts feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export { createStudioPost, savePost, updateStudioPost } from './api/save-post';
export type { NewsletterChoice, PostDraftInput, PostSettingsKey, SaveAction } from './api/save-post';
export { statusOf, versionOf } from './api/studio-post';
export type { PostStatus, StudioPost } from './api/studio-post';
export { DRAFTS_PATH, editPostPath } from './paths';
export { scheduledNotice } from './scheduled-notice';
