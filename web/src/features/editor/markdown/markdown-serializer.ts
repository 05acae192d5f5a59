import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { MarkdownSerializer, type MarkdownSerializerState } from 'prosemirror-markdown';
import { widthAttribute, type PictureWidth } from '../../../../../contracts/picture-layouts';

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
 * and at a line start `=` (a setext underline), `3)` and a lone `+` (list items), `|` and `:-` (a
 * table's row of dashes).
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
      // `|` and `:-` could start a table's row of dashes under the line before.
      .replace(/^(\+(?=[ \t]|$)|[-*>=|]|:(?=-))/, '\\$&')
      .replace(/^(#{1,6})(\s|$)/, '\\$1$2')
      .replace(/^(\d+)([.)])/, '$1\\$2');
  }
  return out;
}

/** prosemirror-markdown's own flag for "inside `<…>`", where nothing is escaped. */
type AutolinkState = MarkdownSerializerState & { inAutolink?: boolean };

/**
 * A link whose text is its web address, as the server links an address written out: written back as
 * `<https://…>` rather than `[https://…](https://…)`.
 */
function isPlainAddress(mark: Mark, parent: ProseMirrorNode, index: number): boolean {
  const href = mark.attrs.href;
  if (typeof href !== 'string' || mark.attrs.title || !/^https?:\/\/[^\s<>`|\\]+$/i.test(href)) return false;
  const content = parent.child(index);
  if (!content.isText || content.text !== href || content.marks[content.marks.length - 1] !== mark) {
    return false;
  }
  return index === parent.childCount - 1 || !mark.isInSet(parent.child(index + 1).marks);
}

function quoteTitle(title: string): string {
  return `"${title.replace(/["\\]/g, '\\$&')}"`;
}

function escapeAddress(address: string): string {
  return address.replace(/[()\s<>\\]/g, (char) => (encodeURI(char) === char ? `\\${char}` : encodeURI(char)));
}

/** `![alt](src "caption")`: a picture, its alt text and its caption. */
function imageMarkdown(state: MarkdownSerializerState, node: ProseMirrorNode): string {
  const alt = state.esc(typeof node.attrs.alt === 'string' ? node.attrs.alt : '');
  const src = escapeAddress(String(node.attrs.src ?? ''));
  const title =
    typeof node.attrs.title === 'string' && node.attrs.title ? ` ${quoteTitle(node.attrs.title)}` : '';
  return `![${alt}](${src}${title})`;
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
        if ((state as AutolinkState).inAutolink) {
          state.text(node.text ?? '', false);
          return;
        }
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
      // GitHub's alert: `[!NOTE]` alone on the quote's first line. A paragraph may follow on the next
      // line; any other block after a blank one, or a list or heading would be read as going on
      // the marker's paragraph.
      callout: (state, node) =>
        state.wrapBlock('> ', null, node, () => {
          state.write(`[!${String(node.attrs.kind).toUpperCase()}]`);
          if (node.firstChild?.type.name === 'paragraph') state.ensureNewLine();
          // As if the marker were a block of its own: a blank quoted line before the next.
          else state.closeBlock(node);
          state.renderContent(node);
        }),
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
      listItem: (state, node) => {
        // A task list item (GitHub's Markdown): its box before its text.
        if (typeof node.attrs.checked === 'boolean') state.write(node.attrs.checked ? '[x] ' : '[ ] ');
        state.renderContent(node);
      },
      table: renderTable,
      footnoteDefinition: (state, node) => {
        // The note's blocks are indented by four spaces, which keeps them in the note. A paragraph
        // may start on the label's line; any other block starts on the next, since on that line
        // it would sit one space deeper than the lines after it (a code block would lose a space).
        const label = `[^${String(node.attrs.label)}]:`;
        if (node.firstChild?.type.name === 'paragraph') {
          state.wrapBlock('    ', `${label} `, node, () => state.renderContent(node));
          return;
        }
        state.write(label);
        state.ensureNewLine();
        state.wrapBlock('    ', null, node, () => state.renderContent(node));
      },
      footnoteReference: (state, node) => {
        state.write(`[^${String(node.attrs.label)}]`);
      },
      codeBlock: (state, node) => {
        const fence = backtickFence(node.textContent);
        state.write(`${fence}${typeof node.attrs.language === 'string' ? node.attrs.language : ''}\n`);
        state.text(node.textContent, false);
        state.write('\n');
        state.write(fence);
        state.closeBlock(node);
      },
      // The address alone on its line, as written (decision 81).
      embed: (state, node) => {
        state.write(String(node.attrs.address));
        state.closeBlock(node);
      },
      horizontalRule: (state, node) => {
        state.write('---');
        state.closeBlock(node);
      },
      // A wide or full picture: `{width=…}` right after it (decision 82).
      image: (state, node) => {
        state.write(imageMarkdown(state, node) + widthAttribute(node.attrs.layout as PictureWidth | null));
        state.closeBlock(node);
      },
      // A gallery: its pictures on one line, which alone make the paragraph; no width of their own.
      gallery: (state, node) => {
        const pictures: string[] = [];
        node.forEach((picture) => pictures.push(imageMarkdown(state, picture)));
        state.write(pictures.join(' '));
        state.closeBlock(node);
      },
      inlineImage: (state, node) => {
        state.write(imageMarkdown(state, node));
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
      strike: { open: '~~', close: '~~', mixable: true, expelEnclosingWhitespace: true },
      link: {
        open: (state, mark, parent, index) => {
          const plain = isPlainAddress(mark, parent, index);
          (state as AutolinkState).inAutolink = plain;
          return plain ? '<' : '[';
        },
        close: (state, mark) => {
          if ((state as AutolinkState).inAutolink) {
            (state as AutolinkState).inAutolink = undefined;
            return '>';
          }
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

/** The inline Markdown of a table cell, written on its own and then put in the row. */
function cellMarkdown(state: MarkdownSerializerState, cell: ProseMirrorNode): string {
  const inner = state as unknown as { out: string; delim: string; closed: unknown };
  const saved = { out: inner.out, delim: inner.delim, closed: inner.closed };
  inner.out = '';
  inner.delim = '';
  inner.closed = null;
  state.renderInline(cell);
  const markdown = inner.out;
  Object.assign(inner, saved);
  // A `|` ends the cell wherever it stands, in code and addresses too, unless escaped; the table
  // takes the backslash off before it reads the cell.
  return markdown.replace(/\|/g, '\\|');
}

const ALIGN_MARKERS: Record<string, string> = { left: ':---', right: '---:', center: ':---:' };

/**
 * A GFM table: the first row is the header, then the row of dashes that gives each column's
 * alignment. Every row gets as many cells as the widest, or Markdown would drop the extra ones.
 */
function renderTable(state: MarkdownSerializerState, node: ProseMirrorNode) {
  const rows: string[][] = [];
  node.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => cells.push(cellMarkdown(state, cell)));
    rows.push(cells);
  });
  const width = Math.max(...rows.map((cells) => cells.length));
  const header = node.firstChild;
  const aligns = Array.from({ length: width }, (_, column) => {
    const align = header && column < header.childCount ? header.child(column).attrs.align : null;
    return (typeof align === 'string' && ALIGN_MARKERS[align]) || '---';
  });
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, column) => cells[column] ?? '').join(' | ')} |`;
  [rows[0] ?? [], aligns, ...rows.slice(1)].forEach((cells, index) => {
    if (index > 0) state.ensureNewLine();
    state.write(line(cells));
  });
  state.closeBlock(node);
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
