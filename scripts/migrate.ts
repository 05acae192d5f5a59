// Applies pending migrations and exits: `npm run migrate` (the server also migrates on start).
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { reportFailure } from './report-failure';
import { waitForStartSignal } from './start-signal';

async function main(): Promise<void> {
  await waitForStartSignal();
  const database = openDatabase(loadConfig());
  try {
    const applied = await migrateToLatest(database);
    console.log(JSON.stringify({ dialect: database.dialect, applied }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  reportFailure('migrate', error);
  process.exit(1);
});
