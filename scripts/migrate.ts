// Applies pending migrations and exits: `npm run migrate` (the server also migrates on start).
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { waitForStartSignal } from './start-signal';

await waitForStartSignal();
const config = loadConfig();
const database = openDatabase(config);
try {
  const applied = await migrateToLatest(database);
  console.log(JSON.stringify({ dialect: database.dialect, applied }));
} finally {
  await database.close();
}
