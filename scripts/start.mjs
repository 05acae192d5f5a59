// npm start:       builds when the build is missing or older than its sources, then starts it.
// npm run serve:   starts the existing build as it is (--no-build): no dev dependencies needed.
// npm run backup / restore / repair-counts / import: the operator's commands from the same build (--run NAME).
//
// Usage: node scripts/start.mjs [--no-build] [--run server|backup|restore|repair-counts|import] [arguments...]
// Node built-ins only, so it runs where `npm ci --omit=dev` installed the dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { whyRebuild } from './build-freshness.mjs';

/** The package's folder, wherever the command is run from. */
const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

const RUNNABLE = new Set(['server', 'backup', 'restore', 'repair-counts', 'import']);

const args = process.argv.slice(2);
let build = true;
let name = 'server';
while (args[0] === '--no-build' || args[0] === '--run') {
  const flag = args.shift();
  if (flag === '--no-build') build = false;
  else name = args.shift() ?? '';
}
if (!RUNNABLE.has(name)) {
  console.error(`start: --run takes one of ${[...RUNNABLE].join(', ')}`);
  process.exit(2);
}

const entry = join(ROOT, 'build', `${name}.mjs`);
const reason = whyRebuild(ROOT);
if (reason !== undefined && build) {
  console.error(`Building Inkwell: ${reason}.`);
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const result = spawnSync(npm[0], [...npm.slice(1), 'run', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    // React's production build, whatever NODE_ENV the shell had.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else if (!existsSync(entry)) {
  console.error(
    `start: build/${name}.mjs does not exist. Build first: npm run build (needs the dev dependencies).`,
  );
  process.exit(1);
} else if (reason !== undefined) {
  console.error(`start: running the build as it is, although ${reason}.`);
}

// The build's own arguments, as if it had been started directly: node build/<name>.mjs ...
process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
await import(pathToFileURL(entry).href);
