// Bundles the server's TypeScript into one ES module beside the built web app. Packages stay
// external (native addons like better-sqlite3 and argon2 cannot be bundled).
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/server.ts'],
  outfile: 'build/server.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The side panel's release notes are read from beside the bundle at start-up.
copyFileSync('CHANGELOG.md', 'build/CHANGELOG.md');
console.log('built build/server.mjs');
