import { POST_NOT_FOUND_MESSAGE } from '../../../contracts/posts';
import { listPreview } from '../../../contracts/preview';
import { roleAtLeast, type PublicationRole } from '../../../contracts/publications';
import {
  SERIES_FORBIDDEN_MESSAGE,
  SERIES_FULL_MESSAGE,
  SERIES_NOT_FOUND_MESSAGE,
  SERIES_PARTS_MAX,
  SERIES_POST_ELSEWHERE_MESSAGE,
  SERIES_POST_NOT_YOURS_MESSAGE,
  type CreateSeriesInput,
  type PostSeries,
  type Series,
  type SeriesPart,
  type SeriesPostsInput,
  type SeriesSummary,
  type UpdateSeriesInput,
} from '../../../contracts/series';
import { nowIso } from '../../lib/clock';
import { DuplicateKey } from '../../lib/constraint-violations';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { Viewer } from '../accounts/authenticator';
import { isPubliclyListed } from '../posts/post-visibility';
import type { SeriesPostRow, SeriesRepository, SeriesWithOwnerRow } from './series-repository';

/** What series need of publications: the publications service answers. */
export interface SeriesPublications {
  findBySlug(
    slug: string,
  ): Promise<{ id: string; slug: string; name: string; personal_user_id: string | null } | undefined>;
  roleOf(publicationId: string, userId: string): Promise<PublicationRole | undefined>;
}

/** What series need of users: whether a profile exists (its list is then empty, not a 404). */
export interface SeriesWriters {
  exists(userId: string): Promise<boolean>;
}

export const PUBLICATION_NOT_FOUND_MESSAGE = 'Publication not found';
/** Posts offered to add to a series: the newest, enough for a blog's recent work. */
const SERIES_CANDIDATES_MAX = 200;

/**
 * Series (docs/decisions/0078-series.md): a writer groups their own blog's posts, and a team
 * publication's owner and editors its posts, into an ordered series. Readers see only the parts
 * that are public and listed (posts/post-visibility.ts); a series none of whose parts they can
 * see is still readable by its id, empty, but is left out of lists, feeds and sitemaps.
 */
export class SeriesService {
  constructor(
    private readonly store: UnitOfWork<{ series: SeriesRepository }>,
    private readonly publications: SeriesPublications,
    private readonly writers: SeriesWriters,
  ) {}

  private get series(): SeriesRepository {
    return this.store.repositories.series;
  }

  async create(viewer: Viewer, input: CreateSeriesInput): Promise<Series> {
    let publicationId: string | null = null;
    if (input.publication) {
      const publication = await this.publications.findBySlug(input.publication);
      if (!publication) throw notFound(PUBLICATION_NOT_FOUND_MESSAGE);
      // A writer's own blog is a publication too: its series is the writer's own.
      if (publication.personal_user_id !== null) {
        if (publication.personal_user_id !== viewer.id) throw forbidden(SERIES_FORBIDDEN_MESSAGE);
      } else {
        if (!roleAtLeast(await this.publications.roleOf(publication.id, viewer.id), 'editor')) {
          throw forbidden(SERIES_FORBIDDEN_MESSAGE);
        }
        publicationId = publication.id;
      }
    }
    const now = nowIso();
    const id = uuidv7();
    await this.series.insert({
      id,
      owner_id: viewer.id,
      publication_id: publicationId,
      title: input.title,
      description: input.description ?? '',
      created_at: now,
      updated_at: now,
    });
    return this.managed(viewer, id);
  }

  async update(viewer: Viewer, id: string, input: UpdateSeriesInput): Promise<Series> {
    await this.manageable(viewer, id);
    await this.series.update(id, {
      title: input.title,
      description: input.description ?? '',
      updated_at: nowIso(),
    });
    return this.managed(viewer, id);
  }

  /** Sets the series' posts, in order: adding, removing and reordering are one write. */
  async setPosts(viewer: Viewer, id: string, input: SeriesPostsInput): Promise<Series> {
    const row = await this.manageable(viewer, id);
    await this.store.run(async ({ series }) => {
      const scopes = new Map((await series.postScopes(input.postIds)).map((post) => [post.id, post]));
      for (const postId of input.postIds) {
        const post = scopes.get(postId);
        if (!post) throw notFound(POST_NOT_FOUND_MESSAGE);
        const ofThisBlog =
          row.publication_id === null
            ? post.publication_id === null && post.author_id === row.owner_id
            : post.publication_id === row.publication_id;
        if (!ofThisBlog) throw forbidden(SERIES_POST_NOT_YOURS_MESSAGE);
        if (post.series_id !== null && post.series_id !== id) throw conflict(SERIES_POST_ELSEWHERE_MESSAGE);
      }
      await series.replaceParts(id, input.postIds);
      await series.update(id, { title: row.title, description: row.description, updated_at: nowIso() });
    });
    return this.managed(viewer, id);
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    await this.manageable(viewer, id);
    await this.series.delete(id);
  }

  /** The series as readers see it: only the parts they can read. */
  async read(id: string): Promise<Series> {
    const row = await this.series.findById(id);
    if (!row) throw notFound(SERIES_NOT_FOUND_MESSAGE);
    return toSeries(row, await this.series.parts([id], true), false);
  }

  /** The series the viewer manages, each with all its posts (drafts too) marked visible or not. */
  async listManaged(viewer: Viewer): Promise<Series[]> {
    const rows = await this.series.listManagedBy(viewer.id);
    const parts = await this.series.parts(
      rows.map((row) => row.id),
      false,
    );
    return rows.map((row) =>
      toSeries(
        row,
        parts.filter((part) => part.series_id === row.id),
        true,
      ),
    );
  }

  /**
   * What the management page offers to add: the series' blog's posts in no series yet (drafts
   * too, marked visible or not), newest first; only for those who may change the series.
   */
  async candidates(viewer: Viewer, id: string): Promise<SeriesPart[]> {
    const row = await this.manageable(viewer, id);
    const rows = await this.series.candidates(
      row.publication_id === null
        ? { ownerId: row.owner_id, publicationId: null }
        : { publicationId: row.publication_id },
      SERIES_CANDIDATES_MAX,
    );
    return rows.map((part) => toPart(part, true));
  }

  /** A writer's own series (profile) or a team publication's (its site), with parts readers see. */
  async listPublic(scope: { userId: string } | { publication: string }): Promise<SeriesSummary[]> {
    let rows;
    if ('userId' in scope) {
      if (!(await this.writers.exists(scope.userId))) throw notFound('User not found');
      rows = await this.series.listPublic({ ownerId: scope.userId, publicationId: null });
    } else {
      const publication = await this.publications.findBySlug(scope.publication);
      if (!publication) throw notFound(PUBLICATION_NOT_FOUND_MESSAGE);
      rows =
        publication.personal_user_id === null
          ? await this.series.listPublic({ publicationId: publication.id })
          : await this.series.listPublic({ ownerId: publication.personal_user_id, publicationId: null });
    }
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      partCount: row.part_count,
      updatedAt: row.updated_at,
    }));
  }

  /** `series` on a post read (one query): null outside a series or when the post is not a visible part. */
  async ofPost(postId: string): Promise<PostSeries | null> {
    const rows = await this.series.postSeries(postId);
    const index = rows.findIndex((row) => row.id === postId);
    const first = rows[0];
    if (index < 0 || !first) return null;
    const parts = rows.map((row) => ({ id: row.id, title: row.title }));
    return {
      id: first.series_id,
      title: first.series_title,
      part: index + 1,
      total: parts.length,
      previous: parts[index - 1] ?? null,
      next: parts[index + 1] ?? null,
      parts,
    };
  }

  /**
   * Before a post's write that names `seriesId` (decision 0086): refuses, under the field, a series
   * that does not exist, that the viewer does not manage, of another blog than the post's (after
   * the write), or full; and taking the post out of a series the viewer does not manage. The
   * post's write then goes ahead and `place` follows it.
   */
  async checkPlacement(
    viewer: Viewer,
    seriesId: string | null,
    post: { id: string | null; authorId: string; publicationId: string | null },
  ): Promise<void> {
    const refuse = (status: number, message: string) =>
      new HttpError(status, message, { seriesId: [message] });
    const current = post.id === null ? undefined : await this.series.seriesOfPost(post.id);
    if (current === (seriesId ?? undefined)) return;
    if (current !== undefined) {
      const row = await this.series.findById(current);
      if (row && !(await this.mayManage(viewer, row))) throw refuse(403, SERIES_FORBIDDEN_MESSAGE);
    }
    if (seriesId === null) return;
    const row = await this.series.findById(seriesId);
    if (!row) throw badRequest(SERIES_NOT_FOUND_MESSAGE, { seriesId: [SERIES_NOT_FOUND_MESSAGE] });
    if (!(await this.mayManage(viewer, row))) throw refuse(403, SERIES_FORBIDDEN_MESSAGE);
    const ofThisBlog =
      row.publication_id === null
        ? post.publicationId === null && post.authorId === row.owner_id
        : post.publicationId === row.publication_id;
    if (!ofThisBlog) throw refuse(403, SERIES_POST_NOT_YOURS_MESSAGE);
    if ((await this.series.partCount(seriesId)) >= SERIES_PARTS_MAX) throw refuse(409, SERIES_FULL_MESSAGE);
  }

  /**
   * After that write: the post joins `seriesId` as its last part (staying where it is if it is in
   * it already), leaving the series it was in; null takes it out of its series. Two saves of one
   * post at once, or two posts joining one series, may race for the same row or place: the loser
   * runs again and finds it done or takes the next place.
   */
  async place(postId: string, seriesId: string | null): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.store.run(async ({ series }) => {
          const current = await series.seriesOfPost(postId);
          if (current === (seriesId ?? undefined)) return;
          if (current !== undefined) await series.removePost(postId);
          if (seriesId !== null) await series.appendPost(seriesId, postId);
        });
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKey) || attempt >= 3) throw error;
      }
    }
  }

  /** The series, if the viewer may change it: its writer, or its publication's owner or editors. */
  private async manageable(viewer: Viewer, id: string): Promise<SeriesWithOwnerRow> {
    const row = await this.series.findById(id);
    if (!row) throw notFound(SERIES_NOT_FOUND_MESSAGE);
    if (!(await this.mayManage(viewer, row))) throw forbidden(SERIES_FORBIDDEN_MESSAGE);
    return row;
  }

  private async mayManage(viewer: Viewer, row: SeriesWithOwnerRow): Promise<boolean> {
    return row.publication_id === null
      ? row.owner_id === viewer.id
      : roleAtLeast(await this.publications.roleOf(row.publication_id, viewer.id), 'editor');
  }

  private async managed(viewer: Viewer, id: string): Promise<Series> {
    const row = await this.manageable(viewer, id);
    return toSeries(row, await this.series.parts([id], false), true);
  }
}

function toSeries(row: SeriesWithOwnerRow, parts: SeriesPostRow[], forManager: boolean): Series {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    owner: {
      id: row.owner_id,
      username: row.username,
      publication:
        row.publication_id !== null && row.publication_slug !== null && row.publication_name !== null
          ? { id: row.publication_id, slug: row.publication_slug, name: row.publication_name }
          : null,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    parts: parts.map((part) => toPart(part, forManager)),
  };
}

function toPart(row: Omit<SeriesPostRow, 'series_id' | 'position'>, forManager: boolean): SeriesPart {
  const part: SeriesPart = {
    id: row.id,
    title: row.title,
    description: row.description ?? listPreview(row.content),
    publishedAt: row.published_at,
  };
  if (forManager) {
    part.visible = isPubliclyListed({
      publishedAt: row.published_at,
      hiddenAt: row.hidden_at,
      newsletter: row.newsletter,
    });
  }
  return part;
}
