// Applies pending migrations and exits: `npm run migrate` (the server also migrates on start).
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

// Lets a test start several migrators at one instant, to prove the migration lock holds.
const startAt = Number(process.env.MIGRATE_START_AT ?? 0);
if (startAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));

const config = loadConfig();
const database = openDatabase(config);
try {
  const applied = await migrateToLatest(database);
  console.log(JSON.stringify({ dialect: database.dialect, applied }));
} finally {
  await database.close();
}
