// The stats feature's public entry: the counting hook pages use (a few hundred bytes in their
// first load) and the Stats page's address. The page itself loads on demand (app/router.tsx).
export { useCountView } from './count-view';
export { statsPath } from './paths';
