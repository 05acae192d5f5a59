import MarkdownIt, { type PluginSimple } from 'markdown-it';
import footnotes from 'markdown-it-footnote';

/**
 * The one Markdown dialect of a post's `content` (specification §7) and a comment's body, read by
 * the server's renderer (server/modules/posts/markdown) and by the block editor
 * (web/src/features/editor/markdown), so that what the editor saves is what the page shows
 * (decision 54). CommonMark with GitHub's additions as readers knew them from marked:
 *
 * - tables, ~~strikethrough~~, task list items (`- [x] done`) and footnotes (`text[^1]` with
 *   `[^1]: the note`);
 * - a line break typed inside a paragraph is kept (`breaks`), so prose reads as typed;
 * - raw HTML is never HTML: it stays the text the author typed;
 * - web addresses written out become links: `https://…`, `www.…` and e-mail addresses, but not
 *   a bare `example.com` (or `README.md`), which GitHub's Markdown leaves as text too.
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
