import { sql, type Kysely, type Transaction } from 'kysely';
import { numberedPostSlug } from '../../../contracts/post-settings';
import type { DatabaseSchema } from '../../db/schema';
import { DuplicateKey } from '../../lib/constraint-violations';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/**
 * The blog a post is in (a team's publication, else its author's own blog, whose id is the
 * author's), written exactly as the unique index `posts_blog_slug` is, so both databases answer
 * these reads from that index.
 */
const blogOfPost = sql<string>`coalesce(publication_id, author_id)`;

/**
 * Posts' addresses on their blog's site (docs/decisions/0079-post-settings.md): which post holds
 * a slug in a blog, which held it before, and the first free one made from a title.
 */
export class PostSlugsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The post whose address in `blogId` is `slug` now. */
  async findCurrent(blogId: string, slug: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select('id')
      .where(blogOfPost, '=', blogId)
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row?.id;
  }

  /** The post that had the address `slug` in `blogId` before it changed. */
  async findFormer(blogId: string, slug: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('post_slug_redirects')
      .select('post_id')
      .where('blog_id', '=', blogId)
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row?.post_id;
  }

  /** Whether a post other than `postId` holds `slug` in `blogId`. */
  async isTaken(blogId: string, slug: string, postId: string): Promise<boolean> {
    const holder = await this.findCurrent(blogId, slug);
    return holder !== undefined && holder !== postId;
  }

  /** `base`, or the first `base-N` no other post in the blog holds: one read of the slugs starting so. */
  async freeSlug(blogId: string, base: string, postId: string): Promise<string> {
    const rows = await this.db
      .selectFrom('posts')
      .select('slug')
      .where(blogOfPost, '=', blogId)
      .where('id', '<>', postId)
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    const taken = new Set(rows.map((row) => row.slug));
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = numberedPostSlug(base, n);
    return slug;
  }

  /**
   * Keeps `slug` answering for `postId` in `blogId` (a 301 to its new address). An address taken
   * over by another post later is its own again: the current holder is looked up first.
   */
  async remember(db: Db, blogId: string, slug: string, postId: string, now: string): Promise<void> {
    await db
      .insertInto('post_slug_redirects')
      .values({ blog_id: blogId, slug, post_id: postId, created_at: now })
      .onConflict((oc) => oc.columns(['blog_id', 'slug']).doUpdateSet({ post_id: postId, created_at: now }))
      .execute();
  }
}

/** Whether a write lost a race for a slug to another post of the same blog (the unique index). */
export function isPostSlugCollision(error: unknown): boolean {
  return error instanceof DuplicateKey && error.constraint.includes('posts_blog_slug');
}
