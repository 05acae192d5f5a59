// The SMTP thread's entry when the server runs from its TypeScript source (the tests, `npm run
// dev`): tsx is registered in the thread first, since `--import tsx` among a worker's `execArgv`
// is not applied before its script loads on Node 20. The build starts newsletter-smtp-worker.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./newsletter-smtp-worker.ts');
