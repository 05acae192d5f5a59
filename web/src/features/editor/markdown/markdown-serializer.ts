import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { MarkdownSerializer, type MarkdownSerializerState } from 'prosemirror-markdown';

/**
 * Markdown out (specification §7: a post's `content` is Markdown): prosemirror-markdown's serializer with our
 * node names. It is needed at any moment (autosave, leaving the page, Publish), so it loads with the
 * editor; the reader (markdown-parser.ts) loads when there is Markdown to read. Only
 * prosemirror-markdown's serializer is bundled here (vite.config.ts: markdownSerializerOnly).
 */
export type SerializeMarkdown = (doc: ProseMirrorNode) => string;

const INTRAWORD = /[\p{L}\p{N}]/u;

/**
 * Markdown escaping of plain text. prosemirror-markdown's own `esc` leaves `_` alone next to another
 * `_` (it counts `_` as a word character) and misses a few line starts, so ours adds: an
 * entity-like `&name;` (it would read back as the character), `<` before a letter (an autolink),
 * and at a line start `=` (a setext underline), `3)` and a lone `+` (list items).
 */
export function escapeText(text: string, startOfLine: boolean): string {
  let out = text.replace(/[`*\\~[\]_]/g, (char, index: number) =>
    char === '_' && INTRAWORD.test(text[index - 1] ?? '') && INTRAWORD.test(text[index + 1] ?? '')
      ? char
      : `\\${char}`,
  );
  out = out.replace(/&(?=#?[0-9a-zA-Z]+;)|<(?=[a-zA-Z])/g, '\\$&');
  if (startOfLine) {
    out = out
      // `+` ends a list marker before a space, a tab or the end of the line alike.
      .replace(/^(\+(?=[ \t]|$)|[-*>=])/, '\\$&')
      .replace(/^(#{1,6})(\s|$)/, '\\$1$2')
      .replace(/^(\d+)([.)])/, '$1\\$2');
  }
  return out;
}

function quoteTitle(title: string): string {
  return `"${title.replace(/["\\]/g, '\\$&')}"`;
}

function escapeAddress(address: string): string {
  return address.replace(/[()\s<>\\]/g, (char) => (encodeURI(char) === char ? `\\${char}` : encodeURI(char)));
}

function backtickFence(text: string): string {
  const longest = Math.max(2, ...(text.match(/`{3,}/g) ?? []).map((run) => run.length));
  return '`'.repeat(longest + 1);
}

/** Whether the list right before this one (of the same kind) was written with the usual marker. */
function followsSameList(node: ProseMirrorNode, parent: ProseMirrorNode, index: number): boolean {
  let run = 0;
  for (let previous = index - 1; previous >= 0 && parent.child(previous).type === node.type; previous -= 1)
    run += 1;
  return run % 2 === 1;
}

/** Continuation lines are indented by the marker's width, or they would fall out of the item. */
function renderList(
  state: MarkdownSerializerState,
  node: ProseMirrorNode,
  marker: (index: number) => string,
) {
  state.renderList(node, ' '.repeat(marker(0).length), marker);
}

function createSerializer(): MarkdownSerializer {
  return new MarkdownSerializer(
    {
      doc: (state, node) => state.renderContent(node),
      text: (state, node, parent, index) => {
        // At the start of a block or after a line break the text starts a line, where `- `, `# `
        // or `1. ` would start a block.
        const startsLine = index === 0 || parent.child(index - 1).type.name === 'hardBreak';
        let escaped = escapeText(node.text ?? '', startsLine);
        // `# Title #`: a heading's closing hashes are not text, unless escaped.
        if (parent.type.name === 'heading' && index === parent.childCount - 1) {
          escaped = escaped.replace(/(^|\s)(#+)$/, '$1\\$2');
        }
        state.text(escaped, false);
      },
      paragraph: (state, node) => {
        state.renderInline(node);
        state.closeBlock(node);
      },
      heading: (state, node) => {
        state.write(`${'#'.repeat(Number(node.attrs.level))} `);
        state.renderInline(node, false);
        state.closeBlock(node);
      },
      blockquote: (state, node) => state.wrapBlock('> ', null, node, () => state.renderContent(node)),
      // Two lists of a kind in a row would merge into one in Markdown, so the second uses the
      // other marker (`*`, `1)`).
      bulletList: (state, node, parent, index) => {
        const marker = followsSameList(node, parent, index) ? '* ' : '- ';
        renderList(state, node, () => marker);
      },
      orderedList: (state, node, parent, index) => {
        const delimiter = followsSameList(node, parent, index) ? ')' : '.';
        const start = Number(node.attrs.start ?? 1);
        // Only a list starting at 1 may follow a line of text directly; any other needs a blank line.
        if (start !== 1 && index > 0 && parent.child(index - 1).type.name === 'paragraph')
          (state as unknown as { flushClose: (size: number) => void }).flushClose(2);
        const width = String(start + node.childCount - 1).length;
        renderList(state, node, (item) => {
          const number = String(start + item);
          return `${' '.repeat(width - number.length)}${number}${delimiter} `;
        });
      },
      listItem: (state, node) => state.renderContent(node),
      codeBlock: (state, node) => {
        const fence = backtickFence(node.textContent);
        state.write(`${fence}${typeof node.attrs.language === 'string' ? node.attrs.language : ''}\n`);
        state.text(node.textContent, false);
        state.write('\n');
        state.write(fence);
        state.closeBlock(node);
      },
      horizontalRule: (state, node) => {
        state.write('---');
        state.closeBlock(node);
      },
      image: (state, node) => {
        const alt = state.esc(typeof node.attrs.alt === 'string' ? node.attrs.alt : '');
        const src = escapeAddress(String(node.attrs.src ?? ''));
        const title =
          typeof node.attrs.title === 'string' && node.attrs.title ? ` ${quoteTitle(node.attrs.title)}` : '';
        state.write(`![${alt}](${src}${title})`);
        state.closeBlock(node);
      },
      hardBreak: (state, node, parent, index) => {
        // A break at the end of a block would be lost by Markdown; so would the block's end.
        for (let next = index + 1; next < parent.childCount; next += 1) {
          if (parent.child(next).type !== node.type) {
            state.write('\\\n');
            return;
          }
        }
      },
    },
    {
      italic: { open: '_', close: '_', mixable: true, expelEnclosingWhitespace: true },
      bold: { open: '**', close: '**', mixable: true, expelEnclosingWhitespace: true },
      link: {
        open: '[',
        close: (_state, mark) => {
          const title =
            typeof mark.attrs.title === 'string' && mark.attrs.title
              ? ` ${quoteTitle(mark.attrs.title)}`
              : '';
          return `](${escapeAddress(String(mark.attrs.href ?? ''))}${title})`;
        },
        mixable: false,
      },
      code: {
        open: (_state, _mark, parent, index) => codeDelimiter(parent.child(index).text ?? '', -1),
        close: (_state, _mark, parent, index) => codeDelimiter(parent.child(index - 1).text ?? '', 1),
        escape: false,
      },
    },
    // `tightLists` is read by renderList but missing from the published types.
    { tightLists: true, strict: true } as ConstructorParameters<typeof MarkdownSerializer>[2],
  );
}

/** Inline code is wrapped in one more backtick than its longest run, padded when it touches one. */
function codeDelimiter(text: string, side: -1 | 1): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return side < 0 ? ticks + pad : pad + ticks;
}

export function createMarkdownSerializer(): SerializeMarkdown {
  const serializer = createSerializer();
  return (doc) => serializer.serialize(doc).replace(/\s+$/, '');
}
