// The publications feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export { listMemberships } from './api/memberships';
export { OwnBlogLink } from './components/own-blog-link';
export { PublicationSelect, publicationToSend } from './components/publication-select';
export { PUBLICATIONS_PATH } from './paths';
