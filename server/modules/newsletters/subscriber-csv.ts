import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import { defusedCell, restoredCell } from '../../lib/csv-cells';
import { emailSchema } from '../../../contracts/auth';
import {
  IMPORT_NO_EMAIL_COLUMN_MESSAGE,
  IMPORT_UNREADABLE_MESSAGE,
  type ImportFormat,
} from '../../../contracts/newsletter-subscribers';
import { normalizeSubscriberEmail } from '../../../contracts/newsletters';
import { HttpError, badRequest } from '../../lib/http-errors';
import type { SubscriptionRow } from './newsletters-repository';

/**
 * Lists in and out as CSV (docs/decisions/0062-newsletter-subscribers-page.md). The importer reads
 * the exports writers bring: Substack's subscriber list (`email`, `active_subscription`,
 * `email_disabled`, `created_at`…), Ghost's members export (`email`, `name`,
 * `subscribed_to_emails`, `complimentary_plan`, `created_at`, `deleted_at`, `labels`…), this
 * server's own export (`email`, `status`…), or any file with an `email` column. Columns are found
 * by name, in any order and case; the others are ignored.
 */

/** One line of an import, judged on its own (the list decides the rest). */
export type ImportLine =
  | { line: number; kind: 'address'; email: string; createdAt: string }
  | { line: number; kind: 'not-subscribed' }
  | { line: number; kind: 'invalid'; message: string };

export interface ParsedImport {
  format: ImportFormat;
  lines: ImportLine[];
}

const EMAIL_COLUMNS = ['email', 'email address', 'e-mail'];
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

function formatOf(columns: Set<string>): ImportFormat {
  if (columns.has('subscribed_to_emails') || columns.has('complimentary_plan')) return 'ghost';
  if (columns.has('email_disabled') || columns.has('active_subscription')) return 'substack';
  if (columns.has('status') && columns.has('confirmed_at')) return 'inkwell';
  return 'plain';
}

/** Whether the export itself says this address was not receiving emails. */
function notSubscribed(format: ImportFormat, record: Record<string, string>): boolean {
  const value = (name: string) => (record[name] ?? '').trim().toLowerCase();
  switch (format) {
    case 'ghost':
      return FALSE.has(value('subscribed_to_emails')) || value('deleted_at') !== '';
    case 'substack':
      return TRUE.has(value('email_disabled'));
    case 'inkwell':
      return value('status') !== '' && value('status') !== 'active';
    case 'plain':
      return false;
  }
}

/** The export's date for the address when it is a real time in the past; else now. */
function joinedAt(record: Record<string, string>, now: string): string {
  const raw = (record.created_at ?? record.subscription_date ?? '').trim();
  const time = raw === '' ? Number.NaN : Date.parse(raw);
  return Number.isFinite(time) && time <= Date.parse(now) ? new Date(time).toISOString() : now;
}

/**
 * Reads a whole import before anything is written, so a file that is not CSV at line 50,000
 * changes nothing: a 400 naming the line. The header is line 1; blank lines are skipped but
 * counted, so line numbers are the ones an editor shows.
 */
export async function parseImport(data: Buffer, now: string): Promise<ParsedImport> {
  let columns: string[] = [];
  const parser = parse(data, {
    bom: true,
    columns: (header: string[]) => {
      columns = header.map((name) => name.trim().toLowerCase());
      return columns;
    },
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
  });
  const lines: ImportLine[] = [];
  let format: ImportFormat = 'plain';
  let emailColumn: string | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      if (emailColumn === undefined) {
        emailColumn = EMAIL_COLUMNS.find((name) => columns.includes(name));
        if (emailColumn === undefined)
          throw badRequest(IMPORT_NO_EMAIL_COLUMN_MESSAGE, { file: [IMPORT_NO_EMAIL_COLUMN_MESSAGE] });
        format = formatOf(new Set(columns));
      }
      const line = info.lines;
      const raw = restoredCell((record[emailColumn] ?? '').trim());
      const checked = emailSchema.safeParse(raw);
      if (!checked.success) {
        const message =
          raw === '' ? 'No email address' : (checked.error.issues[0]?.message ?? 'Not an email address');
        lines.push({
          line,
          kind: 'invalid',
          message: raw === '' ? message : `${message}: ${raw.slice(0, 80)}`,
        });
      } else if (notSubscribed(format, record)) {
        lines.push({ line, kind: 'not-subscribed' });
      } else {
        lines.push({
          line,
          kind: 'address',
          email: normalizeSubscriberEmail(checked.data),
          createdAt: joinedAt(record, now),
        });
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof CsvError) {
      const where = (error as CsvError & { lines?: number }).lines;
      const message = `${IMPORT_UNREADABLE_MESSAGE}${where ? ` (line ${where})` : ''}: ${error.message}`;
      throw badRequest(message, { file: [message] });
    }
    throw error;
  }
  // A header alone, or an empty file: nothing to import, but say what is missing.
  if (emailColumn === undefined && !EMAIL_COLUMNS.some((name) => columns.includes(name))) {
    throw badRequest(IMPORT_NO_EMAIL_COLUMN_MESSAGE, { file: [IMPORT_NO_EMAIL_COLUMN_MESSAGE] });
  }
  return { format: emailColumn === undefined ? formatOf(new Set(columns)) : format, lines };
}

/** The export's columns, in order; an export imports back (its `status` column is read). */
export const EXPORT_COLUMNS = ['email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'] as const;

/**
 * A list as CSV, streamed: `batches` yields a page of rows at a time, and the next page is read
 * only when the client has taken the previous one (the stream's back-pressure), so memory holds
 * one page whatever the list's size.
 */
export function exportCsv(batches: AsyncIterable<SubscriptionRow[]>): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const batch of batches) {
        for (const row of batch) {
          yield [
            defusedCell(row.email),
            row.status,
            row.created_at,
            row.confirmed_at ?? '',
            row.unsubscribed_at ?? '',
          ];
        }
      }
    })(),
  );
  const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS] });
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}
