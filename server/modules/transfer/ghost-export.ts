// Reads the JSON file Ghost Admin writes under Settings → Labs → Export content. That file mirrors
// Ghost's database tables rather than its API: `{ db: [ { meta, data: { posts, tags, posts_tags, … } } ] }`,
// and exports from before Ghost 1.0 (and hand-made migration files) may leave out the `db` wrapper.
// Rows link to each other by ids that mean something only inside the file.
import TurndownService from 'turndown';
import type { ImportItem, ParsedItem } from './import-item';

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRow) : []);

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Ghost 1.0+ ids are 24-character strings; older exports numbered rows, so compare ids as text. */
const idOf = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : textOf(value);

const NOT_AN_EXPORT: ParsedItem = {
  ok: false,
  source: 'Ghost export',
  reason:
    'This is not a Ghost JSON export: it has no list of posts (db[0].data.posts, or data.posts in older exports)',
};

export function parseGhostExport(json: unknown): ParsedItem[] {
  const root = isRow(json) && Array.isArray(json.db) ? json.db[0] : json;
  const data = isRow(root) ? root.data : undefined;
  if (!isRow(data) || !Array.isArray(data.posts)) return [NOT_AN_EXPORT];
  const tagsOf = postTags(data);
  return data.posts.map((post, index) => parsePost(post, index, tagsOf));
}

function parsePost(post: unknown, index: number, tagsOf: (postId: string) => string[]): ParsedItem {
  // A row that is not even an object has no title or id to name it by: its place in the file will do.
  if (!isRow(post))
    return { ok: false, source: `Ghost post #${index + 1}`, reason: 'This entry is not a post' };
  const id = idOf(post.id);
  const uuid = textOf(post.uuid);
  const title = typeof post.title === 'string' ? post.title.trim() : '';
  const source = title ? `Ghost post “${title}”` : `Ghost post ${id ?? uuid ?? `#${index + 1}`}`;
  const fail = (reason: string): ParsedItem => ({ ok: false, source, reason });

  // Ghost before 3.0 marked pages with `page: true` instead of `type: 'page'`.
  const isPage = post.type === 'page' || (post.type === undefined && (post.page === true || post.page === 1));
  if (isPage) return fail('Ghost pages are not imported, only posts');

  // The uuid survives Ghost's own export/import round trips, so it is what recognises a post on a re-run.
  const keyId = uuid ?? id;
  if (keyId === null)
    return fail('This post has neither a uuid nor an id to recognise it by on a later import');
  const key = `ghost:${keyId}`;
  if (key.length > 200) return fail('This post’s uuid is too long to recognise it by on a later import');

  const status = statusOf(post.status);
  if (status === null) return fail(`Ghost status “${String(post.status)}” is not one Inkwell can import`);

  let content: string | null;
  try {
    content = contentOf(post);
  } catch (error) {
    return fail(
      `Its HTML could not be converted to Markdown (${error instanceof Error ? error.message : 'unknown error'})`,
    );
  }
  if (content === null) return fail('This post has no content to import');

  const createdAt = timeOf(post.created_at);
  // Ghost fills published_at when a post goes out; an export edited by hand may not have it.
  const publishedAt = timeOf(post.published_at) ?? (status === 'published' ? createdAt : null);
  const item: ImportItem = {
    key,
    source,
    title,
    content,
    tags: id === null ? [] : tagsOf(id),
    status,
    publishedAt,
    createdAt,
    updatedAt: timeOf(post.updated_at),
  };
  return { ok: true, item };
}

/** 'sent' is Ghost's email-only post: it went out, so it counts as published here. */
function statusOf(status: unknown): ImportItem['status'] | null {
  if (status === 'published' || status === 'sent') return 'published';
  if (status === 'draft' || status === 'scheduled') return status;
  return null;
}

/**
 * The author's own Markdown when Ghost kept it (a post that is one Markdown card, or a pre-1.0 post's
 * `markdown` column), since a round trip through HTML would lose its exact form; else the rendered
 * HTML converted; else the plain text Ghost keeps for search.
 */
function contentOf(post: Row): string | null {
  const markdown = markdownCardOf(post) ?? textOf(post.markdown);
  if (markdown !== null) return markdown;
  const html = textOf(post.html);
  if (html !== null) {
    const converted = turndown().turndown(html).trim();
    if (converted !== '') return converted;
  }
  return textOf(post.plaintext);
}

function markdownCardOf(post: Row): string | null {
  // Ghost 1–4 editors: mobiledoc; Ghost 1.0 named the card 'card-markdown', Koenig 'markdown'.
  const mobiledoc = parseJson(post.mobiledoc);
  if (isRow(mobiledoc) && Array.isArray(mobiledoc.cards) && mobiledoc.cards.length === 1) {
    const [name, payload] = Array.isArray(mobiledoc.cards[0]) ? mobiledoc.cards[0] : [];
    const sections = Array.isArray(mobiledoc.sections) ? mobiledoc.sections : [];
    // Section [10, 0] places card 0; the editor may add an empty paragraph after it ([1, 'p', []]).
    const onlyTheCard = sections.every(
      (s) =>
        Array.isArray(s) &&
        ((s[0] === 10 && s[1] === 0) || (s[0] === 1 && Array.isArray(s[2]) && s[2].length === 0)),
    );
    if ((name === 'markdown' || name === 'card-markdown') && isRow(payload) && onlyTheCard) {
      return textOf(payload.markdown);
    }
  }
  // Ghost 5's Lexical editor has the same Markdown card, as a node of type 'markdown'.
  const lexical = parseJson(post.lexical);
  const nodes = isRow(lexical) && isRow(lexical.root) ? rowsOf(lexical.root.children) : [];
  const cards = nodes.filter((node) => node.type === 'markdown');
  const emptyParagraph = (node: Row) =>
    node.type === 'paragraph' && (!Array.isArray(node.children) || node.children.length === 0);
  if (cards.length === 1 && nodes.every((node) => node.type === 'markdown' || emptyParagraph(node))) {
    return textOf(cards[0]?.markdown);
  }
  return null;
}

/** Ghost stores mobiledoc and lexical as JSON inside a string column. */
function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** The tag names of each post in the order the author gave them, without Ghost's internal tags. */
function postTags(data: Row): (postId: string) => string[] {
  const names = new Map<string, string>();
  for (const tag of rowsOf(data.tags)) {
    const id = idOf(tag.id);
    const name = textOf(tag.name);
    // Internal tags ('#name', visibility 'internal') steer Ghost themes; they are not topics.
    if (id === null || name === null || name.startsWith('#') || tag.visibility === 'internal') continue;
    names.set(id, name);
  }
  const links = new Map<string, { tagId: string; order: number }[]>();
  for (const link of rowsOf(data.posts_tags)) {
    const postId = idOf(link.post_id);
    const tagId = idOf(link.tag_id);
    if (postId === null || tagId === null) continue;
    // A missing sort_order counts as 0; the sort is stable, so file order decides between equals.
    const order = typeof link.sort_order === 'number' ? link.sort_order : 0;
    links.set(postId, [...(links.get(postId) ?? []), { tagId, order }]);
  }
  return (postId) => {
    const sorted = [...(links.get(postId) ?? [])].sort((a, b) => a.order - b.order);
    const tagIds = [...new Set(sorted.map((link) => link.tagId))];
    return tagIds.flatMap((tagId) => names.get(tagId) ?? []);
  };
}

/**
 * Ghost writes ISO times in UTC; old exports wrote "2021-01-01 10:00:00" (the database's own UTC
 * text, with no zone) or milliseconds since 1970. Anything else is not a time we can trust.
 */
function timeOf(value: unknown): string | null {
  let date: Date | null = null;
  if (typeof value === 'number' && Number.isFinite(value)) date = new Date(value);
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value);
    date = new Date(zoneless ? `${value.replace(' ', 'T')}Z` : value);
    // Date rolls "2021-02-30" over to 2 March instead of refusing it.
    const [year = 0, month = 0, day = 0] = value.slice(0, 10).split('-').map(Number);
    if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) date = null;
  }
  return date !== null && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** The DOM-free view of a list item that the rule below needs. */
interface ListItemNode {
  parentNode: {
    nodeName: string;
    getAttribute(name: string): string | null;
    children: ArrayLike<unknown>;
  } | null;
  nextSibling: unknown;
}

let service: TurndownService | undefined;

/** One converter for every post, made on first use so that loading this module costs nothing. */
function turndown(): TurndownService {
  if (service) return service;
  service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  // Turndown pads list markers to four columns ("-   item"); one space is what people write by hand.
  // Continuation lines indent to the item's text, blank lines stay blank.
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const { parentNode, nextSibling } = node as unknown as ListItemNode;
      let marker = '- ';
      if (parentNode?.nodeName === 'OL') {
        const start = Number(parentNode.getAttribute('start') ?? 1);
        const position = Array.prototype.indexOf.call(parentNode.children, node);
        marker = `${(Number.isFinite(start) ? start : 1) + position}. `;
      }
      const body = content.replace(/^\n+/, '').replace(/\n+$/, /\n$/.test(content) ? '\n' : '');
      return marker + body.replace(/\n(?=.)/g, `\n${' '.repeat(marker.length)}`) + (nextSibling ? '\n' : '');
    },
  });
  return service;
}
