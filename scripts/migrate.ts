// Applies pending migrations and exits: `npm run migrate` (the server also migrates on start).
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

// Lets a test start several migrators at one instant, to prove the migration lock holds: each
// says "ready" once loaded and waits for a line on stdin.
if (process.env.MIGRATE_WAIT_FOR_GO === '1') {
  process.stderr.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.pause();
}

const config = loadConfig();
const database = openDatabase(config);
try {
  const applied = await migrateToLatest(database);
  console.log(JSON.stringify({ dialect: database.dialect, applied }));
} finally {
  await database.close();
}
