// The subscribers feature's public entry: what other features use of it, and nothing else.
export { SubscribersLink } from './components/subscribers-link';
export { subscribersPath } from './paths';
