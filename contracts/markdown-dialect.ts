import MarkdownIt, { type PluginSimple } from 'markdown-it';
import footnotes from 'markdown-it-footnote';
import { recognizeEmbed, type Embed } from './embeds';
import { pictureLayouts } from './picture-layouts';

/**
 * The one Markdown dialect of a post's `content` (specification §7) and a comment's body, read by
 * the server's renderer (server/modules/posts/markdown) and by the block editor
 * (web/src/features/editor/markdown), so that what the editor saves is what the page shows
 * (decision 54). CommonMark with GitHub's additions as readers knew them from marked:
 *
 * - tables, ~~strikethrough~~, task list items (`- [x] done`) and footnotes (`text[^1]` with
 *   `[^1]: the note`);
 * - callouts written as GitHub's alerts: `> [!NOTE]`, `> [!TIP]`, `> [!WARNING]` (decision 69);
 * - a line break typed inside a paragraph is kept (`breaks`), so prose reads as typed;
 * - raw HTML is never HTML: it stays the text the author typed;
 * - web addresses written out become links: `https://…`, `www.…` and e-mail addresses, but not
 *   a bare `example.com` (or `README.md`), which GitHub's Markdown leaves as text too;
 * - a known provider's address alone in its paragraph (a YouTube video, a gist…) is an embed
 *   (decision 81): an `embed` token stands for the paragraph;
 * - a picture alone in its paragraph may be wide or full (`![alt](src){width=wide}`), and a
 *   paragraph of only 2 or 3 pictures is a gallery (decision 82, picture-layouts.ts).
 *
 * Every address is accepted by the parser, `javascript:` included, so that such a link reads back
 * the same in the editor; the server's sanitizer drops unsafe addresses and keeps the words, and the
 * editor never puts one in its page (link-mark.ts).
 */
export function createMarkdownIt(): MarkdownIt {
  const md = new MarkdownIt('default', { html: false, breaks: true, linkify: true, typographer: false });
  md.validateLink = () => true;
  md.linkify
    .set({ fuzzyLink: false, fuzzyEmail: true, fuzzyIP: false })
    // `//host` alone is no link in GitHub's Markdown; `www.` is one, though the fuzzy rule that
    // would find it also links any `name.tld`.
    .add('//', null)
    .add('www.', {
      validate(text, pos, self) {
        const re = self.re as Record<string, string | RegExp>;
        re.www ??= new RegExp(`^${String(re.src_host_port_strict)}${String(re.src_path)}`, 'i');
        return (re.www as RegExp).exec(text.slice(pos))?.[0].length ?? 0;
      },
      normalize(match) {
        match.url = `http://${match.url}`;
      },
    });
  // Its published types describe markdown-it's CommonJS build; the plugin is the same for both.
  md.use(footnotes as unknown as PluginSimple);
  md.use(taskListItems);
  md.use(callouts);
  md.use(embeds);
  md.use(pictureLayouts);
  return md;
}

type Token = ReturnType<MarkdownIt['parse']>[number];

/** What a task list item's opening token carries in `meta`. */
export interface TaskItemMeta {
  checked: boolean;
}

/** `[ ]`, `[x]` or `[X]` and the white space after it, at the start of a list item. */
const TASK_MARKER = /^\[([ xX])\][ \t]+/;

/** Whether a `list_item_open` token opens a task list item, and whether it is ticked. */
export function taskItemState(token: Token): boolean | null {
  const meta = token.meta as Partial<TaskItemMeta> | null;
  return typeof meta?.checked === 'boolean' ? meta.checked : null;
}

/**
 * GitHub's task list items: a list item whose first paragraph starts with `[ ]` or `[x]` and a
 * space. The marker leaves the text; the item's opening token says whether it is ticked, and a
 * `task_checkbox` token stands where the marker was. Ours rather than markdown-it-task-lists, which
 * keeps its options in module-wide variables and puts raw HTML tokens in the stream (the editor has
 * to read the tokens), or its fork, which imports a file markdown-it 14 no longer has.
 */
function taskListItems(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'task_list_items', (state) => {
    const tokens = state.tokens;
    for (let index = 2; index < tokens.length; index += 1) {
      const inline = tokens[index]!;
      const item = tokens[index - 2]!;
      if (
        inline.type !== 'inline' ||
        tokens[index - 1]!.type !== 'paragraph_open' ||
        item.type !== 'list_item_open'
      )
        continue;
      // The source, so that an escaped `\[x]` is text; and the first text, so that a link
      // reference `[x]` is a link.
      const source = TASK_MARKER.exec(inline.content);
      const first = inline.children?.[0];
      const text = first?.type === 'text' ? TASK_MARKER.exec(first.content) : null;
      if (!source || !text || !first || source[0] !== text[0]) continue;
      const checked = source[1] !== ' ';
      first.content = first.content.slice(text[0].length);
      inline.content = inline.content.slice(source[0].length);
      const checkbox = new state.Token('task_checkbox', 'input', 0);
      checkbox.meta = { checked } satisfies TaskItemMeta;
      inline.children!.unshift(checkbox);
      item.meta = { ...(item.meta as object | null), checked } satisfies TaskItemMeta;
    }
  });
}

/** The kinds of callout, as GitHub's alerts name them in Markdown (`> [!NOTE]`). */
export const CALLOUT_KINDS = ['note', 'tip', 'warning'] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

/** What a `callout_open` token carries in `meta`. */
export interface CalloutMeta {
  kind: CalloutKind;
}

/** `[!NOTE]` (any case) alone on a quote's first line, as GitHub writes an alert. */
const CALLOUT_MARKER = /^\[!(note|tip|warning)\][ \t]*(?:\n|$)/i;

/**
 * GitHub's alerts (`> [!NOTE]`, `> [!TIP]`, `> [!WARNING]` on a quote's first line) as callouts
 * (decision 69): the quote's tokens become `callout_open`/`callout_close` with the kind in `meta`,
 * and the marker leaves the text. It runs on the block tokens, before the inline rules, so an
 * escaped `\[!NOTE]` stays text and stays a quote. GitHub's two other kinds (IMPORTANT, CAUTION)
 * stay quotes, as they read on any other Markdown site. Any quote, nested ones too, so that what
 * the editor writes reads back the same.
 */
function callouts(md: MarkdownIt): void {
  md.core.ruler.after('block', 'callouts', (state) => {
    const tokens = state.tokens;
    for (let index = 0; index + 2 < tokens.length; index += 1) {
      const open = tokens[index]!;
      const inline = tokens[index + 2]!;
      if (open.type !== 'blockquote_open' || tokens[index + 1]!.type !== 'paragraph_open') continue;
      const marker = inline.type === 'inline' ? CALLOUT_MARKER.exec(inline.content) : null;
      if (!marker) continue;
      const close = tokens.findIndex(
        (token, at) => at > index && token.type === 'blockquote_close' && token.level === open.level,
      );
      if (close < 0) continue;
      open.type = 'callout_open';
      open.meta = { kind: marker[1]!.toLowerCase() as CalloutKind } satisfies CalloutMeta;
      tokens[close]!.type = 'callout_close';
      inline.content = inline.content.slice(marker[0].length);
      // A marker alone in its paragraph (the callout starts with a list, a code block…): no paragraph.
      if (inline.content.trim() === '') tokens.splice(index + 1, 3);
    }
  });
}

/** What an `embed` token carries in `meta`. */
export interface EmbedMeta {
  /** The address as the author wrote it (without the `<…>` of an autolink). */
  address: string;
  embed: Embed;
}

/**
 * An embed (decision 81) is a paragraph whose only content is one address written out (`https://…`
 * or `<https://…>`), at the text's top level, that contracts/embeds.ts recognizes: the paragraph's three tokens become one
 * `embed` token. The Markdown stays the address, so any other Markdown reader shows a link.
 */
function embeds(md: MarkdownIt): void {
  md.core.ruler.push('embeds', (state) => {
    const tokens = state.tokens;
    for (let index = 0; index + 2 < tokens.length; index += 1) {
      // Only a paragraph of the text itself: not one in a list, a quote or a footnote.
      const paragraph = tokens[index]!;
      if (paragraph.type !== 'paragraph_open' || paragraph.level !== 0) continue;
      if (tokens[index + 2]!.type !== 'paragraph_close') continue;
      const inline = tokens[index + 1]!;
      const [open, text, close, ...rest] = inline.children ?? [];
      if (
        rest.length > 0 ||
        open?.type !== 'link_open' ||
        (open.markup !== 'linkify' && open.markup !== 'autolink') ||
        text?.type !== 'text' ||
        close?.type !== 'link_close'
      )
        continue;
      const source = inline.content.trim();
      const address = source.startsWith('<') && source.endsWith('>') ? source.slice(1, -1) : source;
      const href = open.attrGet('href');
      const embed = href === null ? null : recognizeEmbed(href);
      if (!embed) continue;
      const token = new state.Token('embed', '', 0);
      token.block = true;
      token.map = paragraph.map;
      token.meta = { address, embed } satisfies EmbedMeta;
      tokens.splice(index, 3, token);
    }
  });
}
