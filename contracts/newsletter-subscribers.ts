import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './newsletters';
import { z } from './zod';

/**
 * The writer's side of a newsletter (docs/decisions/0062-newsletter-subscribers-page.md): who is
 * on a list, how it grows, and moving a list in and out as CSV. Shared by the server's routes and
 * the web app's Subscribers page.
 */

/** The periods the growth chart offers, in days. */
export const GROWTH_PERIODS = [30, 90, 365] as const;
export type GrowthPeriod = (typeof GROWTH_PERIODS)[number];

/** One page of the list holds at most this many addresses. */
export const SUBSCRIBERS_PAGE_SIZE = 50;
/** An import's file may be this large: a 100,000-address Ghost export is about 15 MB. */
export const SUBSCRIBERS_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** An import's answer names at most this many bad lines (it counts them all). */
export const IMPORT_ERRORS_SHOWN = 100;
/** The multipart fields of an import. */
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_CONSENT_FIELD = 'consent';

export const LIST_OWNER_ONLY_MESSAGE = "Only the list's owner and editors can see its subscribers";
export const SUBSCRIBER_NOT_FOUND_MESSAGE = 'There is no such subscriber on this list';
export const IMPORT_CONSENT_MESSAGE =
  'Confirm that everyone in the file agreed to receive your newsletter before importing it';
export const IMPORT_FILE_MISSING_MESSAGE = 'Choose a CSV file to import (the multipart field `file`)';
export const IMPORT_TOO_LARGE_MESSAGE = 'The file is larger than 20 MB. Split it and import each part.';
export const IMPORT_NO_EMAIL_COLUMN_MESSAGE =
  'The file has no `email` column. Its first line must name the columns, as Substack and Ghost exports do.';
export const IMPORT_UNREADABLE_MESSAGE = 'The file could not be read as CSV';

/** The list's page query: a status filter, an address prefix, and the cursor of the next page. */
export const subscribersQuerySchema = z.object({
  status: z
    .enum(SUBSCRIPTION_STATUSES, { error: `status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}` })
    .optional(),
  q: z.string().trim().max(320, 'Search must be at most 320 characters').optional(),
  cursor: z.string().max(400, 'cursor is not one this server gave').optional(),
});
export type SubscribersQuery = z.infer<typeof subscribersQuerySchema>;

export const growthQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be 30, 90 or 365' })
    .refine((days): days is GrowthPeriod => (GROWTH_PERIODS as readonly number[]).includes(days), {
      message: 'days must be 30, 90 or 365',
    })
    .default(30),
});

export interface Subscriber {
  id: string;
  email: string;
  status: SubscriptionStatus;
  /** When the address was first asked for (or imported with; the export's date when it had one). */
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export type SubscriberCounts = Record<SubscriptionStatus, number>;

/** One UTC day of a list's growth: addresses that became active, and those that left. */
export interface GrowthDay {
  day: string;
  subscribed: number;
  unsubscribed: number;
}

export interface SubscribersSummary {
  list: { id: string; slug: string; name: string; personal: boolean };
  counts: SubscriberCounts;
  days: GrowthPeriod;
  /** Every day of the period, oldest first, days without a change included. */
  growth: GrowthDay[];
}

/** Which export the importer recognised by its header line. */
export const IMPORT_FORMATS = ['substack', 'ghost', 'inkwell', 'plain'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportLineError {
  /** The line of the file (1 is the header). */
  line: number;
  message: string;
}

export interface ImportReport {
  format: ImportFormat;
  /** New addresses, and pending ones made active. */
  imported: number;
  alreadySubscribed: number;
  /** Lines left out on purpose, by reason: never an address that left or bounced. */
  skipped: {
    unsubscribed: number;
    bounced: number;
    /** Marked in the export as not receiving emails (Substack's email_disabled, Ghost's subscribed_to_emails). */
    notSubscribedInExport: number;
    duplicateInFile: number;
  };
  invalid: number;
  /** The first IMPORT_ERRORS_SHOWN invalid lines. */
  errors: ImportLineError[];
}

/** Posts emailed to a list, newest first, this many a page. */
export const SENDS_PAGE_SIZE = 20;
export const sendsQuerySchema = z.object({
  cursor: z.string().max(400, 'cursor is not one this server gave').optional(),
});

/**
 * Where a post's email stands: waiting until the post is public (scheduled), its addresses being
 * queued, every address queued (the emails then go out at the list's rate), or cancelled (the post
 * stopped being public before every email went).
 */
export const SEND_STATES = ['waiting', 'copying', 'queued', 'cancelled'] as const;
export type SendState = (typeof SEND_STATES)[number];

/** A post's emails by outcome (see NewsletterSendReport). */
export const EMAIL_OUTCOMES = ['waiting', 'sent', 'bounced', 'failed', 'skipped', 'cancelled'] as const;
export type EmailOutcome = (typeof EMAIL_OUTCOMES)[number];

/** One post sent, or to be sent, to a list's subscribers, with what became of its emails. */
export interface NewsletterSendReport {
  post: { id: string; title: string };
  state: SendState;
  /** When publishing (or scheduling) asked for the email. */
  createdAt: string;
  /**
   * waiting: still to go; sent: accepted by the mail server; bounced: refused for good (the address
   * gets no more); failed: given up after retries, or cut short by a crash (never sent twice);
   * skipped: the address left the list first; cancelled: the post stopped being public first.
   */
  emails: Record<EmailOutcome, number>;
}
