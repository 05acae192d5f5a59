import { isUuid } from './ids';
import type { PostCover } from './posts';
import { isPageSlug } from './publication-pages';
import { isHttpsLink } from './profile';
import { parseTagName } from './tag-rules';
import { z } from './zod';

/**
 * A publication site's own navigation, footer and look
 * (docs/decisions/0083-publication-site-pages-navigation-look.md): what its owner sets on the
 * publication's page, and the site renders on the server. The rules the routes and the form share.
 */

/** A header that still fits a phone's width in two lines, beside Posts and RSS. */
export const NAV_LINKS_MAX = 8;
export const NAV_LABEL_MAX = 40;
export const FOOTER_MAX = 500;
export const TARGET_MAX = 300;

/** A link to one of its pages, a topic, an address elsewhere, or a series (on the main site). */
export const NAV_LINK_KINDS = ['page', 'topic', 'url', 'series'] as const;
export type NavLinkKind = (typeof NAV_LINK_KINDS)[number];

export const NAV_KIND_LABELS: Record<NavLinkKind, string> = {
  page: 'A page of the site',
  topic: 'A topic',
  url: 'An address elsewhere',
  series: 'A series',
};

/** The home page's layouts: today's list, a grid of covers, a lead post then a grid. */
export const HOME_LAYOUTS = ['list', 'grid', 'magazine'] as const;
export type HomeLayout = (typeof HOME_LAYOUTS)[number];

export const NAV_LABEL_REQUIRED_MESSAGE = 'Label is required';
export const NAV_PAGE_MESSAGE = 'Choose one of the pages';
export const NAV_PAGE_MISSING_MESSAGE = 'No page of this publication has this address';
export const NAV_URL_MESSAGE = 'Enter a full https:// address';
export const NAV_SERIES_MESSAGE = 'Enter the id of a series (from its address, /series?id=…)';
export const TOO_MANY_NAV_LINKS_MESSAGE = `At most ${NAV_LINKS_MAX} links`;
export const COVER_NOT_FOUND_MESSAGE = 'Cover picture not found';
export const LAYOUT_MESSAGE = "Layout must be 'list', 'grid' or 'magazine'";

export interface NavLink {
  label: string;
  kind: NavLinkKind;
  /** A page's address, a topic's name, an https address, or a series' id. */
  target: string;
}

/** Why a link's target is not one its kind accepts; null when it is. Topics come back normalized. */
function targetProblem(kind: NavLinkKind, target: string): string | null {
  switch (kind) {
    case 'page':
      return isPageSlug(target) ? null : NAV_PAGE_MESSAGE;
    case 'topic': {
      const parsed = parseTagName(target);
      return parsed.ok ? null : parsed.message;
    }
    case 'url':
      return isHttpsLink(target) ? null : NAV_URL_MESSAGE;
    case 'series':
      return isUuid(target) ? null : NAV_SERIES_MESSAGE;
  }
}

export const navLinkSchema = z
  .object({
    label: z
      .string({ error: NAV_LABEL_REQUIRED_MESSAGE })
      .trim()
      .min(1, NAV_LABEL_REQUIRED_MESSAGE)
      .max(NAV_LABEL_MAX, `Label must be at most ${NAV_LABEL_MAX} characters`),
    kind: z.enum(NAV_LINK_KINDS, { error: "kind must be 'page', 'topic', 'url' or 'series'" }),
    target: z
      .string({ error: 'Link to is required' })
      .trim()
      .max(TARGET_MAX, `Link to must be at most ${TARGET_MAX} characters`),
  })
  .superRefine((link, context) => {
    const problem = targetProblem(link.kind, link.kind === 'page' ? link.target.toLowerCase() : link.target);
    if (problem) context.addIssue({ code: 'custom', path: ['target'], message: problem });
  })
  .transform((link): NavLink => ({
    ...link,
    target:
      link.kind === 'page'
        ? link.target.toLowerCase()
        : link.kind === 'topic'
          ? (parseTagName(link.target) as { ok: true; tag: string }).tag
          : link.target,
  }));

/** PUT /api/publications/:slug/site: the navigation in order and the footer, replaced whole. */
export const siteChromeSchema = z.object({
  nav: z
    .array(navLinkSchema, { error: 'nav must be a list of links' })
    .max(NAV_LINKS_MAX, TOO_MANY_NAV_LINKS_MESSAGE),
  footer: z
    .string({ error: 'Footer must be text' })
    .trim()
    .max(FOOTER_MAX, `Footer must be at most ${FOOTER_MAX} characters`),
});
export type SiteChromeInput = z.infer<typeof siteChromeSchema>;

/** PUT /api/publications/:slug/site/look: the home page's layout and its cover (null: none). */
export const siteLookSchema = z.object({
  layout: z.enum(HOME_LAYOUTS, { error: LAYOUT_MESSAGE }),
  /** A picture the owner uploaded (POST /api/media), as the logo is. */
  coverId: z.string({ error: COVER_NOT_FOUND_MESSAGE }).max(64, COVER_NOT_FOUND_MESSAGE).nullable(),
});
export type SiteLookInput = z.infer<typeof siteLookSchema>;

/** A site's navigation, footer and look, as its settings show them. */
export interface SiteSettings {
  nav: NavLink[];
  /** Plain text with **bold**, *italic* and [links](https://…); line breaks kept. */
  footer: string;
  layout: HomeLayout;
  /** The cover picture on its home; null for none. */
  cover: PostCover | null;
}

/** The stored navigation (JSON), read leniently: anything unreadable is no link, never an error page. */
export function readNav(stored: string | null): NavLink[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const link = navLinkSchema.safeParse(entry);
    return link.success ? [link.data] : [];
  });
}
