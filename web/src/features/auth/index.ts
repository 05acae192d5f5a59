// The auth feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export { getCurrentUser } from './api/get-current-user';
export { updateUser } from './api/update-user';
export { AuthCard } from './components/auth-card';
export { showSessionNotice } from './session-notice-slice';
export { applyAccountUpdate, endSession } from './session';
export { useSession } from './use-session';
export { useViewer } from './use-viewer';
