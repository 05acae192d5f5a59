import { z } from 'zod';

/*
 * Zod, configured before any contract builds a schema. In a browser, Zod would probe whether it may
 * compile parsers with `new Function` the first time an object schema is built; under our CSP
 * (no 'unsafe-eval') the probe is refused and reported as a violation in the console, even though
 * Zod catches it. Jitless mode skips the probe. The server keeps the compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
