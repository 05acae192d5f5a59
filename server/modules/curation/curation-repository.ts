import { sql, type Kysely } from 'kysely';
import type { InstanceFigures, StaffPick, Testimonial } from '../../../contracts/moderation';
import type { DialectName } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import { uuidv7 } from '../../lib/ids';
import { isPubliclyListed, publiclyVisible } from '../posts/post-visibility';
import { commentShownTo } from '../social/comments/comment-visibility';

type Db = Kysely<DatabaseSchema>;

/**
 * What operators put forward (staff_picks, testimonials) and the instance in figures. The lists'
 * writes take the caller's transaction, which also holds their audit line (moderation's log).
 */
export class CurationRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async staffPicks(): Promise<StaffPick[]> {
    const now = new Date().toISOString();
    const rows = await this.db
      .selectFrom('staff_picks')
      .innerJoin('posts', 'posts.id', 'staff_picks.post_id')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select([
        'posts.id',
        'posts.title',
        'posts.published_at',
        'posts.hidden_at',
        'posts.newsletter',
        'users.id as author_id',
        'users.username',
        'users.handle',
      ])
      .orderBy('staff_picks.position', 'asc')
      .execute();
    return rows.map((row) => ({
      postId: row.id,
      title: row.title || '(untitled)',
      author: { id: row.author_id, username: row.username, handle: row.handle },
      // Shown on the home page only when listed: an email-only post is in no list.
      public: isPubliclyListed(
        { publishedAt: row.published_at, hiddenAt: row.hidden_at, newsletter: row.newsletter },
        now,
      ),
    }));
  }

  async replaceStaffPicks(db: Db, postIds: string[], operatorId: string): Promise<void> {
    const at = new Date().toISOString();
    await db.deleteFrom('staff_picks').execute();
    if (postIds.length === 0) return;
    await db
      .insertInto('staff_picks')
      .values(
        postIds.map((postId, position) => ({
          post_id: postId,
          position,
          picked_by: operatorId,
          picked_at: at,
        })),
      )
      .execute();
  }

  /**
   * The chosen quotes. `publicOnly`: only those whose post (and comment) readers can see now, for
   * the landing page; the operator sees every one.
   */
  async testimonials(publicOnly: boolean): Promise<Testimonial[]> {
    let query = this.db
      .selectFrom('testimonials')
      .innerJoin('posts', 'posts.id', 'testimonials.post_id')
      .leftJoin('comments', 'comments.id', 'testimonials.comment_id')
      .innerJoin('users', (join) =>
        join.on((eb) => eb('users.id', '=', eb.fn.coalesce('comments.author_id', 'posts.author_id'))),
      )
      .select([
        'testimonials.id',
        'testimonials.quote',
        'testimonials.comment_id',
        'posts.id as post_id',
        'posts.title',
        'users.id as author_id',
        'users.username',
        'users.handle',
      ]);
    if (publicOnly) {
      query = query
        .where(publiclyVisible())
        .where((eb) => eb.or([eb('testimonials.comment_id', 'is', null), commentShownTo(null)(eb)]))
        .where('comments.deleted_at', 'is', null);
    }
    const rows = await query.orderBy('testimonials.position', 'asc').execute();
    return rows.map((row) => ({
      id: row.id,
      quote: row.quote,
      author: { id: row.author_id, username: row.username, handle: row.handle },
      source: {
        kind: row.comment_id === null ? 'post' : 'comment',
        id: row.comment_id ?? row.post_id,
        postId: row.post_id,
        postTitle: row.title || '(untitled)',
      },
    }));
  }

  async replaceTestimonials(
    db: Db,
    quotes: { postId: string; commentId: string | null; quote: string }[],
    operatorId: string,
  ): Promise<void> {
    const at = new Date().toISOString();
    await db.deleteFrom('testimonials').execute();
    if (quotes.length === 0) return;
    await db
      .insertInto('testimonials')
      .values(
        quotes.map((quote, position) => ({
          id: uuidv7(),
          post_id: quote.postId,
          comment_id: quote.commentId,
          quote: quote.quote,
          position,
          chosen_by: operatorId,
          chosen_at: at,
        })),
      )
      .execute();
  }

  /** The instance in figures: counts of the tables and the database's size on disk. */
  async figures(): Promise<InstanceFigures> {
    const db = this.db;
    const first = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number }> }) =>
      Number((await query.executeTakeFirstOrThrow()).n);
    const media = await this.db
      .selectFrom('media')
      .select([countAll().as('n'), sql<number | string | null>`sum(bytes)`.as('bytes')])
      .executeTakeFirstOrThrow();
    return {
      users: await first(
        db.selectFrom('users').select(countAll().as('n')).where('password_hash', 'is not', null),
      ),
      suspendedUsers: await first(
        db.selectFrom('users').select(countAll().as('n')).where('suspended_at', 'is not', null),
      ),
      posts: await first(db.selectFrom('posts').select(countAll().as('n'))),
      hiddenPosts: await first(
        db.selectFrom('posts').select(countAll().as('n')).where('hidden_at', 'is not', null),
      ),
      comments: await first(
        db.selectFrom('comments').select(countAll().as('n')).where('deleted_at', 'is', null),
      ),
      media: Number(media.n),
      mediaBytes: Number(media.bytes ?? 0),
      databaseBytes: await this.databaseBytes(),
      openReports: await first(
        db.selectFrom('reports').select(countAll().as('n')).where('state', '=', 'open'),
      ),
    };
  }

  private async databaseBytes(): Promise<number> {
    if (this.dialect === 'postgres') {
      const result = await sql<{
        bytes: string;
      }>`select pg_database_size(current_database()) as bytes`.execute(this.db);
      return Number(result.rows[0]?.bytes ?? 0);
    }
    const result = await sql<{ bytes: number }>`select page_count * page_size as bytes
      from pragma_page_count(), pragma_page_size()`.execute(this.db);
    return Number(result.rows[0]?.bytes ?? 0);
  }
}
