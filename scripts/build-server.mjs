// Bundles the server's TypeScript into ES modules beside the built web app: build/server.mjs and
// the operator's commands that must run where only production dependencies are installed
// (build/backup.mjs, build/restore.mjs, build/repair-counts.mjs, build/import.mjs). Packages stay external (native addons like
// better-sqlite3 and argon2 cannot be bundled), so every package a bundle imports must be a
// production dependency: `npm ci --omit=dev && npm run serve` would fail otherwise, and this build
// fails first, naming the import.
//
// Usage: node scripts/build-server.mjs [--outdir build] [--entry name=path ...]
import { copyFileSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({
  options: {
    outdir: { type: 'string', default: 'build' },
    // Extra entry points; tests use it to prove the dependency check.
    entry: { type: 'string', multiple: true, default: [] },
  },
});

const entryPoints = {
  server: 'server/server.ts',
  // The newsletter's SMTP thread (decision 95), started from server.mjs by its path beside it.
  'newsletter-smtp-worker': 'server/modules/newsletters/newsletter-smtp-worker.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'repair-counts': 'scripts/repair-counts.ts',
  import: 'scripts/import.ts',
  ...Object.fromEntries(values.entry.map((pair) => pair.split('='))),
};

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const { dependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8'));

const result = await build({
  entryPoints,
  outdir: values.outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

// The side panel's release notes (written for readers) are read from beside the bundle at start-up.
copyFileSync('docs/release-notes.md', `${values.outdir}/release-notes.md`);

const problems = [];
for (const [output, { imports }] of Object.entries(result.metafile.outputs)) {
  for (const { path, external } of imports) {
    if (!external || isBuiltin(path)) continue;
    const name = packageName(path);
    if (!Object.hasOwn(dependencies, name)) problems.push(`${output} imports "${path}"`);
  }
}
if (problems.length > 0) {
  console.error(
    'build-server: these packages are not production dependencies (package.json "dependencies"), ' +
      'so the build could not run without dev dependencies:\n' +
      problems.map((problem) => `  ${problem}`).join('\n'),
  );
  process.exit(1);
}
console.log(
  `built ${Object.keys(entryPoints)
    .map((name) => `${values.outdir}/${name}.mjs`)
    .join(', ')}`,
);
