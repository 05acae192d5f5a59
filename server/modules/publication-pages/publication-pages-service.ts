import {
  PAGE_NOT_FOUND_MESSAGE,
  PAGE_SLUG_TAKEN_MESSAGE,
  PAGES_MAX,
  TOO_MANY_PAGES_MESSAGE,
  sitePagePath,
  type PageInput,
  type PublicationPage,
} from '../../../contracts/publication-pages';
import { isUuid } from '../../../contracts/ids';
import { nowIso } from '../../lib/clock';
import { DuplicateKey } from '../../lib/constraint-violations';
import { conflict, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { Viewer } from '../accounts/authenticator';
import type { PublicationRow } from '../publications/publications-repository';
import type { PublicationsService } from '../publications/publications-service';
import type { PageRow, PublicationPagesRepository } from './publication-pages-repository';

/**
 * A publication's pages (decision 83): its owner and editors write them, as they edit any of its
 * posts (decision 44); writers, who edit only their own posts, do not. Readers see a page only once
 * published, at /p/{slug} on the site.
 */
export class PublicationPagesService {
  constructor(
    private readonly pages: PublicationPagesRepository,
    private readonly publications: PublicationsService,
  ) {}

  async list(viewer: Viewer, slug: string): Promise<PublicationPage[]> {
    const publication = await this.publications.requireRole(viewer, slug, 'editor');
    const rows = await this.pages.list(publication.id, PAGES_MAX);
    return rows.map((row) => this.toPage(publication, row));
  }

  async get(viewer: Viewer, slug: string, id: string): Promise<PublicationPage> {
    const publication = await this.publications.requireRole(viewer, slug, 'editor');
    return this.toPage(publication, await this.find(publication, id));
  }

  async create(viewer: Viewer, slug: string, input: PageInput): Promise<PublicationPage> {
    const publication = await this.publications.requireRole(viewer, slug, 'editor');
    if ((await this.pages.count(publication.id)) >= PAGES_MAX) {
      throw conflict(TOO_MANY_PAGES_MESSAGE);
    }
    const id = uuidv7();
    const now = nowIso();
    await this.taken(() =>
      this.pages.insert({
        id,
        publication_id: publication.id,
        slug: input.slug,
        title: input.title,
        body: input.body,
        status: input.status,
        created_at: now,
        updated_at: now,
      }),
    );
    return this.toPage(publication, await this.find(publication, id));
  }

  async update(viewer: Viewer, slug: string, id: string, input: PageInput): Promise<PublicationPage> {
    const publication = await this.publications.requireRole(viewer, slug, 'editor');
    await this.find(publication, id);
    await this.taken(() =>
      this.pages.update(id, {
        slug: input.slug,
        title: input.title,
        body: input.body,
        status: input.status,
        updated_at: nowIso(),
      }),
    );
    return this.toPage(publication, await this.find(publication, id));
  }

  async delete(viewer: Viewer, slug: string, id: string): Promise<void> {
    const publication = await this.publications.requireRole(viewer, slug, 'editor');
    await this.find(publication, id);
    await this.pages.delete(id);
  }

  /** A published page by its address, for the site; undefined for a draft or nothing. */
  async published(publicationId: string, pageSlug: string): Promise<PageRow | undefined> {
    const row = await this.pages.findBySlug(publicationId, pageSlug);
    return row?.status === 'published' ? row : undefined;
  }

  /** The published pages' addresses, titles and times (the site's sitemap and navigation). */
  publishedList(publicationId: string) {
    return this.pages.published(publicationId, PAGES_MAX);
  }

  /** Every page's address, drafts too (a navigation link may name a page before it is published). */
  async addresses(publicationId: string): Promise<Set<string>> {
    const rows = await this.pages.list(publicationId, PAGES_MAX);
    return new Set(rows.map((row) => row.slug));
  }

  private async find(publication: PublicationRow, id: string): Promise<PageRow> {
    const row = isUuid(id) ? await this.pages.findById(publication.id, id) : undefined;
    if (!row) throw notFound(PAGE_NOT_FOUND_MESSAGE);
    return row;
  }

  /** A write refused because the address is taken: a 409 the form shows by the address field. */
  private async taken(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (error instanceof DuplicateKey) {
        throw conflict(PAGE_SLUG_TAKEN_MESSAGE, { slug: [PAGE_SLUG_TAKEN_MESSAGE] });
      }
      throw error;
    }
  }

  private toPage(publication: PublicationRow, row: PageRow): PublicationPage {
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      body: row.body,
      status: row.status,
      url: `${this.publications.urls.siteUrl(publication)}${sitePagePath(row.slug)}`,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}
