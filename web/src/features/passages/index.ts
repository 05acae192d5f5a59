// The passages feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
// Loaded on demand, so that it stays out of the first load of the pages that offer it.
export const loadPassageLayer = async () => (await import('./components/passage-layer')).PassageLayer;
