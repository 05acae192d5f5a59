import type { Kysely } from 'kysely';
import { STATS_NEWSLETTER_POSTS, type StatsNewsletter, type StatsPostEmail } from '../../../contracts/stats';
import type { DatabaseSchema } from '../../db/schema';
import { SendReportsRepository } from './send-reports-repository';
import { SubscribersRepository } from './subscribers-repository';

const DAY_MS = 24 * 60 * 60_000;

/**
 * A newsletter's figures as the Stats page shows them beside a writer's or publication's views
 * (decision 0088): subscribers now, how many came and left each day, and what became of each
 * post's emails. Read-only over the newsletter's own tables; the stats module asks for them once
 * it has decided the viewer may see the list (a writer their own blog, a publication's owner and
 * editors) or the post (its writer and its blog's owner and editors).
 */
export class NewsletterFigures {
  private readonly subscribers: SubscribersRepository;
  private readonly reports: SendReportsRepository;

  constructor(private readonly db: Kysely<DatabaseSchema>) {
    this.subscribers = new SubscribersRepository(db);
    this.reports = new SendReportsRepository(db);
  }

  /** The list's figures over the UTC days `fromDay`…`toDay` (YYYY-MM-DD). */
  async ofList(listId: string, fromDay: string, toDay: string): Promise<Omit<StatsNewsletter, 'list'>> {
    const since = `${fromDay}T00:00:00.000Z`;
    const [counts, growth, sends] = await Promise.all([
      this.subscribers.counts(listId),
      this.subscribers.growth(listId, since),
      this.db
        .selectFrom('newsletter_sends')
        .innerJoin('posts', 'posts.id', 'newsletter_sends.post_id')
        .select([
          'newsletter_sends.post_id',
          'posts.title',
          'newsletter_sends.state',
          'newsletter_sends.created_at',
        ])
        .where('newsletter_sends.publication_id', '=', listId)
        .where('newsletter_sends.created_at', '>=', since)
        .orderBy('newsletter_sends.created_at', 'desc')
        .orderBy('newsletter_sends.post_id', 'desc')
        .limit(STATS_NEWSLETTER_POSTS)
        .execute(),
    ]);
    const outcomes = await this.reports.outcomes(sends.map((row) => row.post_id));
    const days: StatsNewsletter['growth'] = [];
    const last = Date.parse(`${toDay}T00:00:00.000Z`);
    for (let at = Date.parse(since); at <= last; at += DAY_MS) {
      const day = new Date(at).toISOString().slice(0, 10);
      days.push({
        day,
        subscribed: growth.subscribed.get(day) ?? 0,
        unsubscribed: growth.unsubscribed.get(day) ?? 0,
      });
    }
    return {
      subscribers: counts.get('active') ?? 0,
      growth: days,
      posts: sends.map((row) => ({
        id: row.post_id,
        title: row.title,
        emailedAt: row.created_at,
        state: row.state,
        emails: outcomes.get(row.post_id) ?? emptyOutcomes(),
      })),
    };
  }

  /** What became of one post's emails; null when it was never emailed (or its send was undone). */
  async ofPost(postId: string): Promise<StatsPostEmail | null> {
    const send = await this.db
      .selectFrom('newsletter_sends')
      .select(['state', 'created_at'])
      .where('post_id', '=', postId)
      .executeTakeFirst();
    if (!send) return null;
    const outcomes = await this.reports.outcomes([postId]);
    return {
      emailedAt: send.created_at,
      state: send.state,
      emails: outcomes.get(postId) ?? emptyOutcomes(),
    };
  }
}

const emptyOutcomes = () => ({ waiting: 0, sent: 0, bounced: 0, failed: 0, skipped: 0, cancelled: 0 });
