// The stats feature's public entry: the counting hook pages use (a few hundred bytes in their
// first load), and nothing else.
export { useCountView } from './count-view';
