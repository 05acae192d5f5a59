import { sql, type Insertable, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { NewsletterChoice, Post } from '../../../contracts/posts';
import type { TypedTag } from '../../../contracts/tags';
import type { DatabaseSchema, PostsTable } from '../../db/schema';
import type { TimePageRequest } from './paging';
import { selectPosts, selectPostsByTime, toPost } from './post-select';
import { attachTags, currentTags, detachTags, joinTags, retimeTags, splitTags } from './post-tags';
import { inTransaction } from '../../db/transaction';
import { belongsInTopics, publiclyListed, publiclyTagged } from './post-visibility';
import { labelTags, withTagLabels } from './tag-labels';
import { coWritesAny, coWrittenBy, isCoAuthor, withAuthors } from './post-authors';
import { PostSlugsRepository } from './post-slugs-repository';

export type PostChanges = Pick<PostsTable, 'title' | 'content' | 'updated_at' | 'published_at'> & {
  cover_id?: string | null;
  publication_id?: string | null;
} & Partial<
    Pick<PostsTable, 'slug' | 'meta_title' | 'meta_description' | 'social_image_id' | 'canonical_url'>
  >;

export type { NewsletterChoice };

/** What a write needs to know about a post before changing it. */
export interface PostWriteState {
  authorId: string;
  publishedAt: string | null;
  version: number;
  /** The team publication it is in; null: its author's own blog. */
  publicationId: string | null;
  /** Its address on its blog's site; null: none yet. */
  slug: string | null;
}

/** An address a post leaves behind when its slug changes: it keeps answering, by a 301. */
export interface FormerSlug {
  blogId: string;
  slug: string;
}

/**
 * Told of every post write inside its transaction (the newsletter queues or cancels its send
 * there, so a crash cannot keep one without the other). Composition wires it. It answers the
 * choice that now holds when the write sent the post out without naming one (the list's default),
 * so the post keeps it; undefined when nothing was decided.
 */
export interface PostWriteObserver {
  postWritten(
    trx: Transaction<DatabaseSchema>,
    facts: {
      postId: string;
      listId: string;
      before: string | null | 'new';
      after: string | null;
      newsletter: NewsletterChoice | undefined;
      now: string;
    },
  ): Promise<NewsletterChoice | undefined>;
}

export type UpdateOutcome =
  { kind: 'updated' } | { kind: 'missing' } | { kind: 'stale'; currentVersion: number };

/**
 * The only place that reads and writes the posts table (and, with each post, its tags). The search
 * index follows these writes by itself: see the search migration. Public lists see a post only
 * once `published_at <= now` (docs/decisions/0023-drafts-and-scheduling.md): drafts (null) and
 * scheduled posts (later) fall outside every range the lists walk.
 */
export class PostsRepository {
  /** Posts' addresses on their blogs' sites, current and former. */
  readonly slugs: PostSlugsRepository;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly observer?: PostWriteObserver,
  ) {
    this.slugs = new PostSlugsRepository(db);
  }

  /** Any post, drafts included: the service decides who may see it. */
  async findById(id: string, viewerId: string | null): Promise<Post | undefined> {
    const page = this.db.selectFrom('posts').select('posts.id').where('posts.id', '=', id).as('page');
    const row = await selectPosts(this.db, page, viewerId).executeTakeFirst();
    return row && (await this.complete([toPost(row, viewerId)]))[0];
  }

  /** Several public posts by id, in no particular order (search ranks them itself). */
  async findPublicByIds(ids: readonly string[], viewerId: string | null, now: string): Promise<Post[]> {
    if (ids.length === 0) return [];
    const page = this.db
      .selectFrom('posts')
      .select('posts.id')
      .where('posts.id', 'in', [...ids])
      .where(publiclyListed('posts', now))
      .as('page');
    const rows = await selectPosts(this.db, page, viewerId).execute();
    return this.complete(rows.map((row) => toPost(row, viewerId, now)));
  }

  /** Newest publication first, a backward walk of (published_at, id) from now. */
  listNewest(page: TimePageRequest, viewerId: string | null): Promise<Post[]> {
    return this.list({}, page, viewerId);
  }

  /**
   * One author's public posts, by a backward walk of (author_id, published_at, id) from now, and
   * the posts they co-write (decision 85) among them, when they co-write any.
   */
  async listByAuthor(authorId: string, page: TimePageRequest, viewerId: string | null): Promise<Post[]> {
    const coWriter = await coWritesAny(this.db, authorId);
    return this.list({ authorId, coWriter }, page, viewerId);
  }

  /**
   * A publication's public posts (its site's home): a team's by (publication_id, published_at, id);
   * a writer's own blog is their posts in no team's publication, by the author's index.
   */
  listByPublication(
    publication: { id: string; personalUserId: string | null },
    page: TimePageRequest,
    viewerId: string | null,
  ): Promise<Post[]> {
    const scope: ListScope =
      publication.personalUserId === null
        ? { publicationId: publication.id }
        : { authorId: publication.personalUserId, publicationId: null };
    return this.list(scope, page, viewerId);
  }

  /** One topic's public posts, by a backward walk of post_tags' (tag, published_at, post_id). */
  async listByTag(tag: string, page: TimePageRequest, viewerId: string | null): Promise<Post[]> {
    let ids = this.db
      .selectFrom('post_tags')
      .select(['post_tags.post_id as id', 'post_tags.published_at as at'])
      .where('post_tags.tag', '=', tag)
      .where(publiclyTagged('post_tags', page.now));
    if (page.after !== null) {
      const { at, id } = page.after;
      ids = ids.where((eb) =>
        eb(eb.refTuple('post_tags.published_at', 'post_tags.post_id'), '<', eb.tuple(at, id)),
      );
    }
    const idPage = ids
      .orderBy('post_tags.published_at', 'desc')
      .orderBy('post_tags.post_id', 'desc')
      .limit(page.limit + 1)
      .as('page');
    const rows = await selectPostsByTime(this.db, idPage, viewerId).execute();
    return this.complete(rows.map((row) => toPost(row, viewerId, page.now)));
  }

  /**
   * The writer's drafts and scheduled posts (and those they co-write), newest edit first: a
   * backward walk of (author_id, updated_at, id) that skips the published ones. A writer's own list, so its cost grows with their
   * own posts at most, never with the table.
   */
  async listUnpublished(authorId: string, page: TimePageRequest): Promise<Post[]> {
    const coWriter = await coWritesAny(this.db, authorId);
    let ids = this.db
      .selectFrom('posts')
      .select(['posts.id', 'posts.updated_at as at'])
      .where((eb) =>
        coWriter
          ? eb.or([eb('posts.author_id', '=', authorId), eb('posts.id', 'in', coWrittenBy(eb, authorId))])
          : eb('posts.author_id', '=', authorId),
      )
      .where((eb) => eb.or([eb('posts.published_at', 'is', null), eb('posts.published_at', '>', page.now)]));
    if (page.after !== null) {
      const { at, id } = page.after;
      ids = ids.where((eb) => eb(eb.refTuple('posts.updated_at', 'posts.id'), '<', eb.tuple(at, id)));
    }
    const idPage = ids
      .orderBy('posts.updated_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(page.limit + 1)
      .as('page');
    const rows = await selectPostsByTime(this.db, idPage, authorId).execute();
    return this.complete(rows.map((row) => toPost(row, authorId, page.now)));
  }

  /** Keyset paging on (published_at, id), never OFFSET, so new posts cannot shift later pages. */
  private async list(scope: ListScope, page: TimePageRequest, viewerId: string | null): Promise<Post[]> {
    let ids = this.db
      .selectFrom('posts')
      .select(['posts.id', 'posts.published_at as at'])
      .where(publiclyListed('posts', page.now));
    const { authorId } = scope;
    if (authorId !== undefined)
      ids = scope.coWriter
        ? ids.where((eb) =>
            eb.or([eb('posts.author_id', '=', authorId), eb('posts.id', 'in', coWrittenBy(eb, authorId))]),
          )
        : ids.where('posts.author_id', '=', authorId);
    if (scope.publicationId !== undefined)
      ids = ids.where('posts.publication_id', scope.publicationId === null ? 'is' : '=', scope.publicationId);
    ids = publishedBefore(ids, page);
    const idPage = ids
      .orderBy('posts.published_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(page.limit + 1)
      .as('page');
    const rows = await selectPostsByTime(this.db, idPage, viewerId).execute();
    return this.complete(rows.map((row) => toPost(row, viewerId, page.now)));
  }

  /** Who wrote a post, its publication time and version; undefined if there is no such post. */
  async findWriteState(id: string): Promise<PostWriteState | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select(['author_id', 'published_at', 'version', 'publication_id', 'slug'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        authorId: row.author_id,
        publishedAt: row.published_at,
        version: Number(row.version),
        publicationId: row.publication_id,
        slug: row.slug,
      }
    );
  }

  /** Who wrote a post, for ownership checks; undefined if there is no such post. */
  async findAuthorId(id: string): Promise<string | undefined> {
    return (await this.findWriteState(id))?.authorId;
  }

  /**
   * The post, its tags and their counts in one transaction; a listed post's topics that have no
   * name as typed yet take the writer's (tag-labels.ts).
   */
  async insert(
    post: Omit<Insertable<PostsTable>, 'tags'>,
    tags: readonly TypedTag[],
    newsletter?: NewsletterChoice,
  ): Promise<void> {
    const names = tags.map((tag) => tag.name);
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('posts')
        .values({
          ...post,
          tags: joinTags(names),
          newsletter: newsletter ?? null,
          // The writer's default for new posts (decision 0077), read in the same statement.
          comments_closed: sql<number>`(select close_comments_default from users where id = ${post.author_id})`,
        })
        .execute();
      // An email-only post's topics stay out of post_tags like a draft's: it is in no topic.
      const inTopics = belongsInTopics({
        publishedAt: post.published_at ?? null,
        hiddenAt: post.hidden_at ?? null,
        newsletter,
      });
      if (post.published_at && inTopics) {
        await attachTags(trx, post.id, names, post.published_at);
        await labelTags(trx, tags);
      }
      const decided = await this.observer?.postWritten(trx, {
        postId: post.id,
        listId: post.publication_id ?? post.author_id,
        before: 'new',
        after: post.published_at ?? null,
        newsletter,
        now: post.created_at,
      });
      if (decided !== undefined && decided !== newsletter) await keepChoice(trx, post.id, decided);
    });
  }

  /**
   * Writes the changes and moves the version on. `tags` undefined keeps the post's tags.
   * `expectedVersion` set: only a post still at that version is changed (else 'stale'). The post
   * row is written first: on PostgreSQL that locks it, so two edits of one post take turns and
   * each compares against the tags the other left. A draft's tags leave post_tags (and the tags'
   * counts); publishing or scheduling brings them back.
   */
  async update(
    id: string,
    changes: PostChanges,
    tags: readonly TypedTag[] | undefined,
    expectedVersion: number | undefined,
    newsletter?: { before: string | null; choice: NewsletterChoice | undefined },
    formerSlug?: FormerSlug,
  ): Promise<UpdateOutcome> {
    return inTransaction(this.db, async (trx): Promise<UpdateOutcome> => {
      let query = trx
        .updateTable('posts')
        .set((eb) => ({
          ...changes,
          ...(tags === undefined ? {} : { tags: joinTags(tags.map((tag) => tag.name)) }),
          ...(newsletter?.choice === undefined ? {} : { newsletter: newsletter.choice }),
          version: eb('posts.version', '+', 1),
        }))
        .where('id', '=', id);
      if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
      const updated = await query
        .returning(['tags', 'hidden_at', 'author_id', 'publication_id', 'newsletter'])
        .executeTakeFirst();
      if (!updated) {
        const current = await trx
          .selectFrom('posts')
          .select('version')
          .where('id', '=', id)
          .executeTakeFirst();
        return current ? { kind: 'stale', currentVersion: Number(current.version) } : { kind: 'missing' };
      }
      if (formerSlug)
        await this.slugs.remember(trx, formerSlug.blogId, formerSlug.slug, id, changes.updated_at);
      // A post taken back to draft or scheduled again is no longer pinned (decision 0068); deleting
      // it clears the pin through the foreign key.
      if (changes.published_at === null || changes.published_at > changes.updated_at) {
        await trx
          .updateTable('users')
          .set({ pinned_post_id: null })
          .where('pinned_post_id', '=', id)
          .execute();
      }
      // A hidden post keeps out of post_tags like a draft, whatever its author does to it; so does
      // an email-only one (decision 65).
      const listed = belongsInTopics({
        publishedAt: changes.published_at,
        hiddenAt: updated.hidden_at,
        newsletter: updated.newsletter,
      });
      const wanted = listed ? splitTags(updated.tags) : [];
      const before = await currentTags(trx, id);
      await detachTags(
        trx,
        id,
        before.filter((tag) => !wanted.includes(tag)),
      );
      if (listed && changes.published_at !== null) {
        await retimeTags(trx, id, changes.published_at);
        await attachTags(
          trx,
          id,
          wanted.filter((tag) => !before.includes(tag)),
          changes.published_at,
        );
        if (tags !== undefined) await labelTags(trx, tags);
      }
      if (newsletter) {
        const decided = await this.observer?.postWritten(trx, {
          postId: id,
          listId: updated.publication_id ?? updated.author_id,
          before: newsletter.before,
          after: changes.published_at,
          // A choice saved earlier (a draft's, a scheduled post's) holds unless the write names one.
          newsletter: newsletter.choice ?? updated.newsletter ?? undefined,
          now: changes.updated_at,
        });
        if (decided !== undefined && decided !== updated.newsletter) await keepChoice(trx, id, decided);
      }
      return { kind: 'updated' };
    });
  }

  /**
   * Comments, favorites and tag rows go with the post (the foreign keys cascade on both
   * databases); the tags' counts are lowered by the tags the deleted row's post_tags carried.
   */
  async delete(id: string): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const counted = await currentTags(trx, id);
      const deleted = await trx.deleteFrom('posts').where('id', '=', id).returning('id').executeTakeFirst();
      if (!deleted) return false;
      await detachTags(trx, id, counted, { keepRows: true });
      return true;
    });
  }

  /** Whether `userId` accepted to co-write the post (decision 85). */
  isCoAuthor(postId: string, userId: string): Promise<boolean> {
    return isCoAuthor(this.db, postId, userId);
  }

  /** Every list's last step: topics' names as typed and co-authors, one query each for the page. */
  private async complete(posts: Post[]): Promise<Post[]> {
    return withAuthors(this.db, await withTagLabels(this.db, posts));
  }

  /** The post a writer pinned to their profile and blog (decision 68); null: none. */
  async pinnedPostId(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('pinned_post_id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.pinned_post_id ?? null;
  }

  async userExists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async tagExists(name: string): Promise<boolean> {
    const row = await this.db.selectFrom('tags').select('name').where('name', '=', name).executeTakeFirst();
    return row !== undefined;
  }

  /** Whether `mediaId` names a picture that `ownerId` uploaded (a cover must be the writer's own). */
  async ownsMedia(ownerId: string, mediaId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('media')
      .select('id')
      .where('id', '=', mediaId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/**
 * Which public posts a list walks: everyone's, one author's, one team publication's, or (author
 * and a null publication) one writer's own blog.
 */
interface ListScope {
  authorId?: string;
  /** With authorId: also the posts they co-write. */
  coWriter?: boolean;
  publicationId?: string | null;
}

/** `(published_at, id) < cursor`: a row-value comparison both databases answer from the index. */
function publishedBefore<O>(ids: SelectQueryBuilder<DatabaseSchema, 'posts', O>, page: TimePageRequest) {
  if (page.after === null) return ids;
  const { at, id } = page.after;
  return ids.where((eb) => eb(eb.refTuple('posts.published_at', 'posts.id'), '<', eb.tuple(at, id)));
}

/** The choice the newsletter applied to a post sent out without one: the editor shows it later. */
async function keepChoice(trx: Transaction<DatabaseSchema>, id: string, choice: NewsletterChoice) {
  await trx.updateTable('posts').set({ newsletter: choice }).where('id', '=', id).execute();
}
