// Migrates, then adds the welcome posts if the database never had them, as the server does on
// start: `npm run seed` (useful with SEED_DEMO=0 on the server).
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoContent } from '../server/seed/demo-content';
import { reportFailure } from './report-failure';
import { waitForStartSignal } from './start-signal';

async function main(): Promise<void> {
  await waitForStartSignal();
  const database = openDatabase(loadConfig());
  try {
    const applied = await migrateToLatest(database);
    const seeded = await seedDemoContent(database.db);
    console.log(JSON.stringify({ dialect: database.dialect, applied, seeded }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  reportFailure('seed', error);
  process.exit(1);
});
