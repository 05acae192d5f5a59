import { CONTENT_MAX } from './posts';
import { z } from './zod';

/**
 * A publication's own pages (docs/decisions/0083-publication-site-pages-navigation-look.md): About,
 * Contact, Write for us… Written in the posts' Markdown dialect (decision 54), read on the site at
 * `/p/{slug}`, never listed with posts. The rules the routes and the web app's form share.
 */

export const PAGE_TITLE_MAX = 120;
export const PAGE_SLUG_MAX = 60;
export const PAGE_BODY_MAX = CONTENT_MAX;
/** Enough for any site's pages; a bound, so one list read answers them all. */
export const PAGES_MAX = 50;

export const PAGE_STATUSES = ['draft', 'published'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PAGE_SLUG_MESSAGE = `Address must be 1 to ${PAGE_SLUG_MAX} lower-case letters, digits and single hyphens, like write-for-us`;
export const PAGE_SLUG_TAKEN_MESSAGE = 'Another page of this publication already has this address';
export const PAGE_NOT_FOUND_MESSAGE = 'Page not found';
export const TOO_MANY_PAGES_MESSAGE = `A publication can have at most ${PAGES_MAX} pages`;

/** Whether text could be a page's address (so the site may look it up). */
export function isPageSlug(value: string): boolean {
  return value.length <= PAGE_SLUG_MAX && PAGE_SLUG_PATTERN.test(value);
}

/** A page's address on its publication's site: under /p/, which no other site route uses. */
export function sitePagePath(slug: string): string {
  return `/p/${slug}`;
}

const pageSlugSchema = z
  .string({ error: PAGE_SLUG_MESSAGE })
  .trim()
  .toLowerCase()
  .refine(isPageSlug, PAGE_SLUG_MESSAGE);

const pageTitleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(PAGE_TITLE_MAX, `Title must be at most ${PAGE_TITLE_MAX} characters`);

const pageBodySchema = z
  .string({ error: 'Body must be text' })
  .max(PAGE_BODY_MAX, `Body must be at most ${PAGE_BODY_MAX.toLocaleString('en')} characters`);

const pageStatusSchema = z.enum(PAGE_STATUSES, { error: "status must be 'draft' or 'published'" });

/** POST /api/publications/:slug/pages and PUT …/pages/:id: the whole page each time. */
export const pageInputSchema = z.object({
  title: pageTitleSchema,
  slug: pageSlugSchema,
  body: pageBodySchema,
  status: pageStatusSchema,
});
export type PageInput = z.infer<typeof pageInputSchema>;

/** A page as its publication's owner and editors see it. */
export interface PublicationPage {
  id: string;
  slug: string;
  title: string;
  /** Markdown, in the posts' dialect. */
  body: string;
  status: PageStatus;
  /** Its address on the site (shown only once published). */
  url: string;
  createdAt: string;
  updatedAt: string;
}
