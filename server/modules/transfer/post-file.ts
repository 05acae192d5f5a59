import { parse, stringify } from 'yaml';
import type { ParsedItem } from './import-item';

/**
 * One post as a Markdown file with YAML front matter: the format of an export's posts/ folder and
 * of the folders `npm run import` reads (Jekyll, Hugo, Eleventy and Obsidian all write it).
 * The front matter is a block between two `---` lines at the very top.
 */
export interface PostFileFields {
  id: string;
  title: string;
  status: 'draft' | 'published' | 'scheduled';
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  tags: string[];
  /** The cover picture's path relative to the file, when it has one. */
  cover: string | null;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function toPostFile(fields: PostFileFields, markdown: string): string {
  const header = stringify(
    {
      title: fields.title,
      id: fields.id,
      status: fields.status,
      ...(fields.publishedAt ? { published_at: fields.publishedAt } : {}),
      created_at: fields.createdAt,
      updated_at: fields.updatedAt,
      tags: fields.tags,
      ...(fields.cover ? { cover: fields.cover } : {}),
    },
    // Long titles stay on one line, and dates stay strings when read back.
    { lineWidth: 0 },
  );
  return `---\n${header}---\n\n${markdown}${markdown.endsWith('\n') ? '' : '\n'}`;
}

/** A time as ISO 8601, from the text or Date a front matter gives; null when it is not one. */
function isoTime(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'string' || value.trim() === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function tagList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string')
    return value
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  if (Array.isArray(value) && value.every((tag) => typeof tag === 'string' || typeof tag === 'number'))
    return value.map(String);
  return undefined;
}

/** The title from the front matter, else the first `# ` heading (which then leaves the body). */
function titleAndBody(fields: Record<string, unknown>, body: string): { title: string; body: string } {
  if (typeof fields.title === 'string' || typeof fields.title === 'number')
    return { title: String(fields.title).trim(), body };
  const heading = /^\s*# (.+)\r?\n/.exec(body);
  return heading ? { title: heading[1]!.trim(), body: body.slice(heading[0].length) } : { title: '', body };
}

/**
 * A Markdown file read back as an ImportItem: its front matter's title, status (`draft: true` as
 * Jekyll and Hugo write it, too), dates, tags and cover; a file without front matter is a post
 * whose title is its first heading. `key` names the file within its source.
 */
export function parsePostFile(text: string, key: string, source: string, folder: string): ParsedItem {
  const match = FRONT_MATTER.exec(text);
  let fields: Record<string, unknown> = {};
  if (match) {
    let parsed: unknown;
    try {
      parsed = parse(match[1]!);
    } catch (error) {
      return {
        ok: false,
        source,
        reason: `Its front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`,
      };
    }
    if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed)))
      return { ok: false, source, reason: 'Its front matter is not a list of fields' };
    fields = (parsed ?? {}) as Record<string, unknown>;
  }
  const { title, body } = titleAndBody(fields, match ? text.slice(match[0].length) : text);
  const tags = tagList(fields.tags ?? fields.categories);
  if (tags === undefined) return { ok: false, source, reason: 'Its tags are not a list of words' };
  const publishedAt = isoTime(fields.published_at ?? fields.date);
  const draft = fields.status === 'draft' || fields.draft === true || fields.published === false;
  const status = draft ? 'draft' : fields.status === 'scheduled' ? 'scheduled' : 'published';
  if (fields.status !== undefined && !['draft', 'published', 'scheduled'].includes(String(fields.status)))
    return {
      ok: false,
      source,
      reason: `Its status "${String(fields.status)}" is not draft, published or scheduled`,
    };
  const id = typeof fields.id === 'string' ? fields.id : undefined;
  return {
    ok: true,
    item: {
      key,
      source,
      ...(id ? { id } : {}),
      title,
      content: body.replace(/^\s*\n/, ''),
      tags,
      status,
      publishedAt: status === 'draft' ? null : publishedAt,
      createdAt: isoTime(fields.created_at ?? fields.date),
      updatedAt: isoTime(fields.updated_at ?? fields.lastmod),
      folder,
      ...(typeof fields.cover === 'string' ? { cover: fields.cover } : {}),
    },
  };
}
