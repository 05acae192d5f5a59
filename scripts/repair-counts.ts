// npm run repair-counts [-- --check]: sets every post's comment and favorite counts from the rows
// again, or with --check only says how many posts differ (exit 1 when any do). Triggers keep the
// counts in step (docs/decisions/0036-post-counters.md); this is the operator's way to prove it
// or to repair a database changed by hand. Safe while the server runs. Reads the same settings
// as the server (DATABASE_URL, DATA_DIR); bundled into build/repair-counts.mjs.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { countDriftedPosts, repairPostCounters } from '../server/db/post-counters';
import { reportFailure } from './report-failure';

const USAGE = 'Usage: npm run repair-counts [-- --check]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const database = openDatabase(loadConfig());
  try {
    // The counts' columns come with a migration; a database the server has not started on yet
    // gets it here first.
    await migrateToLatest(database);
    const started = performance.now();
    const drifted = values.check
      ? await countDriftedPosts(database.db)
      : await repairPostCounters(database.db);
    // The last line is JSON, for scripts (and tests).
    console.log(
      JSON.stringify({
        [values.check ? 'drifted' : 'repaired']: drifted,
        ms: Math.round(performance.now() - started),
      }),
    );
    return values.check && drifted > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    reportFailure('repair-counts', error);
    process.exit(1);
  },
);
