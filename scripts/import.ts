// npm run import -- PATH --user EMAIL_OR_NAME [--dry-run]: brings posts into one account from an
// Inkwell export (.zip or its folder), a folder of Markdown files with front matter, a .md file,
// or a Ghost JSON export (--ghost-url names the old site for Ghost's own links). Prints a line per item (created, skipped as already
// imported, or failed and why), a progress bar while it works, and a JSON summary last. Exits 1
// when any item failed. Reads the same settings as the server (DATABASE_URL, DATA_DIR, MEDIA_*);
// bundled into build/import.mjs. Safe while the server runs.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { RateLimiterFactory } from '../server/lib/rate-limiter';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { MediaRepository } from '../server/modules/media/media-repository';
import { MediaService } from '../server/modules/media/media-service';
import { mediaStorageFor } from '../server/modules/media/media-storage';
import { PostsRepository } from '../server/modules/posts/posts-repository';
import { Importer, type ItemOutcome } from '../server/modules/transfer/importer';
import { ImportSourceError, openImportSource } from '../server/modules/transfer/import-source';
import { TransferRepository } from '../server/modules/transfer/transfer-repository';
import { reportFailure } from './report-failure';

const USAGE =
  'Usage: npm run import -- PATH --user EMAIL_OR_USERNAME [--dry-run] [--ghost-url https://old-ghost-site]';

class UsageError extends Error {}

function reportLine(outcome: ItemOutcome): string {
  const title = outcome.title ? ` “${outcome.title}”` : '';
  switch (outcome.result) {
    case 'created':
    case 'would-create': {
      const verb = outcome.result === 'created' ? 'created ' : 'would create';
      const pictures =
        outcome.pictures > 0 ? ` (${outcome.pictures} picture${outcome.pictures === 1 ? '' : 's'})` : '';
      return [
        `${verb}  ${outcome.source}${title}${pictures}`,
        ...outcome.warnings.map((warning) => `          note: ${warning}`),
      ].join('\n');
    }
    case 'skipped':
      return `skipped   ${outcome.source}${title}: ${outcome.reason}`;
    case 'failed':
      return `FAILED    ${outcome.source}${title}: ${outcome.reason}`;
  }
}

/** A bar on the terminal's last line, redrawn in place; nothing when the output is not a terminal. */
function progressBar(done: number, total: number): void {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  process.stderr.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}`);
  if (done === total) process.stderr.write('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      user: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'ghost-url': { type: 'string' },
      help: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [path, ...extra] = positionals;
  if (path === undefined || extra.length > 0 || !values.user) throw new UsageError(USAGE);
  const dryRun = values['dry-run'];

  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const transfer = new TransferRepository(database.db);
    const author = await transfer.userNamed(values.user);
    if (!author) throw new UsageError(`No account has the email or username ${values.user}`);
    const ghostUrl = values['ghost-url'];
    const source = await openImportSource(path, ghostUrl ? { ghostUrl } : {});
    console.log(
      `${dryRun ? 'Checking' : 'Importing'} ${source.items.length} item(s) from ${path} (${source.kind}) into ${author.username}'s account${dryRun ? ', writing nothing' : ''}`,
    );

    for (const note of source.notes) console.log(`note: ${note}`);
    const media = new MediaService(
      new MediaRepository(database.db),
      mediaStorageFor(config.media.s3, config.dataDir),
      config.media.limits,
      // Counted in this process only: the importer stores pictures without the upload limit's check.
      new RateLimiterFactory(config.rateLimits),
    );
    const importer = new Importer({ transfer, posts: new PostsRepository(database.db), media });
    const outcomes = await importer.run(author.id, source.items, source.files, {
      dryRun,
      onProgress: (done, total, outcome) => {
        if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K');
        console.log(reportLine(outcome));
        progressBar(done, total);
      },
    });
    const count = (result: ItemOutcome['result']) =>
      outcomes.filter((outcome) => outcome.result === result).length;
    const failed = count('failed');
    // The last line is JSON, for scripts (and tests).
    console.log(
      JSON.stringify({
        source: source.kind,
        dryRun,
        ...(dryRun ? { wouldCreate: count('would-create') } : { created: count('created') }),
        skipped: count('skipped'),
        failed,
      }),
    );
    return failed > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    reportFailure('import', error, [UsageError, ImportSourceError]);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
