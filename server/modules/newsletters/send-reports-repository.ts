import type { Kysely } from 'kysely';
import type { EmailOutcome } from '../../../contracts/newsletter-subscribers';
import type { DatabaseSchema, NewsletterDeliveriesTable, NewsletterSendsTable } from '../../db/schema';

export interface SendRow {
  post_id: string;
  title: string;
  state: NewsletterSendsTable['state'];
  created_at: string;
}

/** A delivery's state as the writer is told it: sending is still to go (it may yet fail and retry). */
const OUTCOME: Record<NewsletterDeliveriesTable['state'], EmailOutcome> = {
  pending: 'waiting',
  sending: 'waiting',
  sent: 'sent',
  bounced: 'bounced',
  failed: 'failed',
  skipped: 'skipped',
  cancelled: 'cancelled',
};

/** What became of a list's posts' emails (read-only: the sender owns these tables). */
export class SendReportsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The list's sends, newest first, after `after` (the last row of the previous page). */
  page(
    listId: string,
    after: { createdAt: string; postId: string } | undefined,
    limit: number,
  ): Promise<SendRow[]> {
    let query = this.db
      .selectFrom('newsletter_sends')
      .innerJoin('posts', 'posts.id', 'newsletter_sends.post_id')
      .select([
        'newsletter_sends.post_id',
        'posts.title',
        'newsletter_sends.state',
        'newsletter_sends.created_at',
      ])
      .where('newsletter_sends.publication_id', '=', listId);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('newsletter_sends.created_at', '<', after.createdAt),
          eb.and([
            eb('newsletter_sends.created_at', '=', after.createdAt),
            eb('newsletter_sends.post_id', '<', after.postId),
          ]),
        ]),
      );
    }
    return query
      .orderBy('newsletter_sends.created_at', 'desc')
      .orderBy('newsletter_sends.post_id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Each post's emails by outcome, counted over the deliveries' primary key (post first). */
  async outcomes(postIds: readonly string[]): Promise<Map<string, Record<EmailOutcome, number>>> {
    const counts = new Map<string, Record<EmailOutcome, number>>();
    for (const postId of postIds) {
      counts.set(postId, { waiting: 0, sent: 0, bounced: 0, failed: 0, skipped: 0, cancelled: 0 });
    }
    if (postIds.length === 0) return counts;
    const rows = await this.db
      .selectFrom('newsletter_deliveries')
      .select((eb) => ['post_id', 'state', eb.fn.countAll<number | string>().as('count')])
      .where('post_id', 'in', [...postIds])
      .groupBy(['post_id', 'state'])
      .execute();
    for (const row of rows) {
      const post = counts.get(row.post_id);
      if (post) post[OUTCOME[row.state]] += Number(row.count);
    }
    return counts;
  }
}
