import type { Readable } from 'node:stream';
import {
  IMPORT_CONSENT_MESSAGE,
  IMPORT_ERRORS_SHOWN,
  LIST_OWNER_ONLY_MESSAGE,
  SENDS_PAGE_SIZE,
  SUBSCRIBERS_PAGE_SIZE,
  SUBSCRIBER_NOT_FOUND_MESSAGE,
  type GrowthPeriod,
  type ImportReport,
  type NewsletterSendReport,
  type Subscriber,
  type SubscribersQuery,
  type SubscribersSummary,
} from '../../../contracts/newsletter-subscribers';
import { SUBSCRIPTION_STATUSES } from '../../../contracts/newsletters';
import { NOT_A_MEMBER_MESSAGE } from '../../../contracts/publications';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import type { Viewer } from '../accounts/authenticator';
import type { PublicationRow } from '../publications/publications-repository';
import type { PublicationsService } from '../publications/publications-service';
import type { SubscriberListener } from '../webhooks/webhook-events';
import type { SubscriptionRow } from './newsletters-repository';
import type { NewslettersService } from './newsletters-service';
import type { SendReportsRepository } from './send-reports-repository';
import { exportCsv, parseImport } from './subscriber-csv';
import { addressKey, type ImportEntry, type SubscribersRepository } from './subscribers-repository';

const DAY_MS = 24 * 60 * 60_000;
/** Rows per database round trip when importing and exporting. */
const BATCH = 500;

export interface SubscribersServiceDeps {
  subscribers: SubscribersRepository;
  /** What became of the list's posts' emails. */
  sendReports: SendReportsRepository;
  /** Which list a reference names (slug or id), with the same 404 as subscribing. */
  lists: Pick<NewslettersService, 'listOf'>;
  /** Who holds which role in a publication (a writer owns their own blog). */
  roles: Pick<PublicationsService, 'roleOf'>;
  events: SubscriberListener;
  now?: () => Date;
}

const cursorOf = (email: string) => Buffer.from(email, 'utf8').toString('base64url');
function emailOfCursor(cursor: string): string {
  const email = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!email.includes('@'))
    throw badRequest('cursor is not one this server gave', {
      cursor: ['cursor is not one this server gave'],
    });
  return email;
}

const CURSOR_FORMAT = 'cursor is not one this server gave';
const sendCursorOf = (createdAt: string, postId: string) =>
  Buffer.from(`${createdAt} ${postId}`, 'utf8').toString('base64url');
function afterSendCursor(cursor: string): { createdAt: string; postId: string } {
  const [createdAt, postId, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(' ');
  if (!createdAt || !postId || rest.length > 0) throw badRequest(CURSOR_FORMAT, { cursor: [CURSOR_FORMAT] });
  return { createdAt, postId };
}

export function toSubscriber(row: SubscriptionRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
  };
}

/**
 * The writer's side of a list (docs/decisions/0062-newsletter-subscribers-page.md): its owner and
 * editors see who is on it and how it grows, remove an address, and move the list in and out as
 * CSV. A writer's own blog is a publication they own, so both kinds of list are one case.
 */
export class SubscribersService {
  private readonly now: () => Date;

  constructor(private readonly deps: SubscribersServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The list, when the viewer is its owner or an editor: else 403 (404 for no such list). */
  async manageable(viewer: Viewer, ref: string): Promise<PublicationRow> {
    const list = await this.deps.lists.listOf(ref);
    const role = await this.deps.roles.roleOf(list.id, viewer.id);
    if (role !== 'owner' && role !== 'editor') throw forbidden(LIST_OWNER_ONLY_MESSAGE);
    return list;
  }

  /** The list, when the viewer may publish in it (any role): else 403 (404 for no such list). */
  async writable(viewer: Viewer, ref: string): Promise<PublicationRow> {
    const list = await this.deps.lists.listOf(ref);
    if (!(await this.deps.roles.roleOf(list.id, viewer.id))) throw forbidden(NOT_A_MEMBER_MESSAGE);
    return list;
  }

  async summary(viewer: Viewer, ref: string, days: GrowthPeriod): Promise<SubscribersSummary> {
    const list = await this.manageable(viewer, ref);
    const counted = await this.deps.subscribers.counts(list.id);
    const counts = Object.fromEntries(
      SUBSCRIPTION_STATUSES.map((status) => [status, counted.get(status) ?? 0]),
    ) as SubscribersSummary['counts'];
    // Today and the days - 1 before it, in UTC (the stored times are UTC).
    const today = Date.parse(`${this.now().toISOString().slice(0, 10)}T00:00:00.000Z`);
    const first = today - (days - 1) * DAY_MS;
    const { subscribed, unsubscribed } = await this.deps.subscribers.growth(
      list.id,
      new Date(first).toISOString(),
    );
    const growth = Array.from({ length: days }, (_, index) => {
      const day = new Date(first + index * DAY_MS).toISOString().slice(0, 10);
      return { day, subscribed: subscribed.get(day) ?? 0, unsubscribed: unsubscribed.get(day) ?? 0 };
    });
    return {
      list: { id: list.id, slug: list.slug, name: list.name, personal: list.personal_user_id !== null },
      counts,
      days,
      growth,
    };
  }

  async page(
    viewer: Viewer,
    ref: string,
    query: SubscribersQuery,
  ): Promise<{ response: Subscriber[]; nextCursor: string | null }> {
    const list = await this.manageable(viewer, ref);
    const rows = await this.deps.subscribers.page(
      list.id,
      {
        ...(query.status ? { status: query.status } : {}),
        ...(query.q ? { prefix: query.q } : {}),
        ...(query.cursor ? { after: emailOfCursor(query.cursor) } : {}),
      },
      SUBSCRIBERS_PAGE_SIZE + 1,
    );
    const shown = rows.slice(0, SUBSCRIBERS_PAGE_SIZE);
    const last = shown.at(-1);
    return {
      response: shown.map(toSubscriber),
      nextCursor: rows.length > SUBSCRIBERS_PAGE_SIZE && last ? cursorOf(last.email) : null,
    };
  }

  /** The posts emailed to the list, newest first, with what became of their emails. */
  async sends(
    viewer: Viewer,
    ref: string,
    cursor: string | undefined,
  ): Promise<{ response: NewsletterSendReport[]; nextCursor: string | null }> {
    const list = await this.manageable(viewer, ref);
    const after = cursor === undefined ? undefined : afterSendCursor(cursor);
    const rows = await this.deps.sendReports.page(list.id, after, SENDS_PAGE_SIZE + 1);
    const shown = rows.slice(0, SENDS_PAGE_SIZE);
    const outcomes = await this.deps.sendReports.outcomes(shown.map((row) => row.post_id));
    const last = shown.at(-1);
    return {
      response: shown.map((row) => ({
        post: { id: row.post_id, title: row.title },
        state: row.state,
        createdAt: row.created_at,
        emails: outcomes.get(row.post_id) ?? {
          waiting: 0,
          sent: 0,
          bounced: 0,
          failed: 0,
          skipped: 0,
          cancelled: 0,
        },
      })),
      nextCursor: rows.length > SENDS_PAGE_SIZE && last ? sendCursorOf(last.created_at, last.post_id) : null,
    };
  }

  /** The address is forgotten by this list; an active one is announced as removed. */
  async remove(viewer: Viewer, ref: string, id: string): Promise<void> {
    const list = await this.manageable(viewer, ref);
    const row = await this.deps.subscribers.findOnList(list.id, id);
    if (!row || !(await this.deps.subscribers.remove(list.id, id)))
      throw notFound(SUBSCRIBER_NOT_FOUND_MESSAGE);
    if (row.status === 'active') {
      await this.deps.events.subscriberChanged('subscriber.removed', {
        id: row.id,
        email: row.email,
        status: 'unsubscribed',
        publication: { id: list.id, slug: list.slug, name: list.name },
      });
    }
  }

  /** The list as CSV, read a batch at a time as the client takes it (see exportCsv). */
  async exportList(viewer: Viewer, ref: string): Promise<{ list: PublicationRow; csv: Readable }> {
    const list = await this.manageable(viewer, ref);
    const { subscribers } = this.deps;
    async function* batches() {
      let after: string | null = null;
      for (;;) {
        const batch = await subscribers.exportBatch(list.id, after, BATCH);
        if (batch.length === 0) return;
        yield batch;
        after = batch[batch.length - 1]!.email;
        if (batch.length < BATCH) return;
      }
    }
    return { list, csv: exportCsv(batches()) };
  }

  /**
   * Brings in a list the writer had elsewhere. The writer confirms that everyone in it agreed to
   * receive the newsletter, so the addresses count as confirmed (no confirmation email): new and
   * pending ones become active. One that unsubscribed or bounced here stays so, and lines the
   * export marks as not receiving emails are left out: each is counted in the report. The file is
   * read whole first, so a file that is not CSV changes nothing.
   */
  async importList(viewer: Viewer, ref: string, data: Buffer, consent: boolean): Promise<ImportReport> {
    const list = await this.manageable(viewer, ref);
    if (!consent) throw badRequest(IMPORT_CONSENT_MESSAGE, { consent: [IMPORT_CONSENT_MESSAGE] });
    const now = this.now().toISOString();
    const { format, lines } = await parseImport(data, now);
    const report: ImportReport = {
      format,
      imported: 0,
      alreadySubscribed: 0,
      skipped: { unsubscribed: 0, bounced: 0, notSubscribedInExport: 0, duplicateInFile: 0 },
      invalid: 0,
      errors: [],
    };
    const seen = new Set<string>();
    let batch: ImportEntry[] = [];
    const flush = async () => {
      const outcome = await this.deps.subscribers.importBatch(list.id, batch, now);
      report.imported += outcome.inserted + outcome.activated;
      report.alreadySubscribed += outcome.alreadyActive;
      report.skipped.unsubscribed += outcome.unsubscribed;
      report.skipped.bounced += outcome.bounced;
      batch = [];
    };
    for (const line of lines) {
      if (line.kind === 'invalid') {
        report.invalid += 1;
        if (report.errors.length < IMPORT_ERRORS_SHOWN)
          report.errors.push({ line: line.line, message: line.message });
      } else if (line.kind === 'not-subscribed') {
        report.skipped.notSubscribedInExport += 1;
      } else if (seen.has(addressKey(line.email))) {
        report.skipped.duplicateInFile += 1;
      } else {
        seen.add(addressKey(line.email));
        batch.push({ email: line.email, createdAt: line.createdAt });
        if (batch.length >= BATCH) await flush();
      }
    }
    await flush();
    return report;
  }
}
