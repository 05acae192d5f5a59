// The moderation feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
// Loaded on demand, so that it stays out of the first load of the pages that offer it.
export const loadReportDialog = async () => (await import('./components/report-dialog')).ReportDialog;
