import { Node } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { ListItem } from '@tiptap/extension-list';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { CalloutKind } from '../../../../../contracts/markdown-dialect';

/**
 * The blocks that hold what GitHub's Markdown adds to CommonMark (decision 54): task list items,
 * tables, footnotes and callouts. They are here so that a post written with them opens in the editor
 * and is saved as it was. Tables, footnotes and callouts are added from the `/` menu, whose commands
 * for them (lib/insert-blocks.ts, lib/table-commands.ts) load when first chosen; moving between
 * cells with Tab is here, since it must answer the key at once.
 */

/**
 * A list item, or a task list item (`- [x] done`) when `checked` is true or false. A list may mix
 * the two, as GitHub's Markdown allows. The box is drawn by the stylesheet (editor.css) from
 * `data-checked`; it shows the state and is not a control.
 */
export const TaskListItem = ListItem.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      checked: {
        default: null,
        // A new item after a task is an ordinary one: the editor has no way yet to make it a task.
        keepOnSplit: false,
        parseHTML: (element: HTMLElement) => {
          const checked = element.getAttribute('data-checked');
          return checked === null ? null : checked === 'true';
        },
        renderHTML: (attributes: Record<string, unknown>) =>
          typeof attributes.checked === 'boolean' ? { 'data-checked': String(attributes.checked) } : {},
      },
    };
  },
});

/** Whether the selection is inside a table cell, whose text is a single line in Markdown. */
export function inTableCell(state: EditorState): boolean {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const name = $from.node(depth).type.name;
    if (name === 'tableCell' || name === 'tableHeader') return true;
  }
  return false;
}

/**
 * Moves the cursor to the next cell (`step` 1) or the one before (-1), row after row, selecting its
 * text as a spreadsheet does. Tab in the last cell adds a row below, as in Google Docs and Tiptap's
 * table; Shift-Tab in the first cell stays. Outside a table it does nothing, so Tab keeps leaving
 * the editor (WCAG 2.1.2: no keyboard trap).
 */
export function goToCell(
  state: EditorState,
  dispatch: ((tr: Transaction) => void) | undefined,
  step: 1 | -1,
): boolean {
  const { $from } = state.selection;
  let depth = $from.depth;
  while (depth > 0 && !['tableCell', 'tableHeader'].includes($from.node(depth).type.name)) depth -= 1;
  if (depth < 2) return false;
  const table = $from.node(depth - 2);
  const tableStart = $from.start(depth - 2);
  // Every cell's start, in reading order.
  const cells: { from: number; to: number }[] = [];
  table.forEach((row, rowOffset) => {
    row.forEach((cell, cellOffset) => {
      const from = tableStart + rowOffset + 1 + cellOffset + 1;
      cells.push({ from, to: from + cell.content.size });
    });
  });
  const here = cells.findIndex((cell) => cell.from === $from.start(depth));
  const next = cells[here + step];
  if (!dispatch) return true;
  if (next) {
    dispatch(state.tr.setSelection(TextSelection.create(state.doc, next.from, next.to)).scrollIntoView());
    return true;
  }
  if (step < 0) return true;
  const lastRow = table.lastChild!;
  const row = lastRow.type.create(
    null,
    Array.from({ length: lastRow.childCount }, (_, column) =>
      state.schema.nodes.tableCell!.create({ align: lastRow.child(column).attrs.align as unknown }),
    ),
  );
  const rowAt = tableStart + table.content.size;
  const tr = state.tr.insert(rowAt, row);
  dispatch(tr.setSelection(TextSelection.create(tr.doc, rowAt + 2)).scrollIntoView());
  return true;
}

/**
 * A GFM table: rows of cells, the first row its header. A cell holds one line of text with its
 * marks (a Markdown table has no line break or block in a cell). Ours rather than Tiptap's table
 * extension, whose cells hold blocks and span columns (more than Markdown can say) and which brings
 * prosemirror-tables into the writing page's first load (decisions 43, 54 and 69).
 */
export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['div', { class: 'editor-table' }, ['table', ['tbody', 0]]],
  addKeyboardShortcuts() {
    // Enter would split the cell into two, and a line break cannot be written in a cell.
    const stay = () => inTableCell(this.editor.state);
    const go = (step: 1 | -1) => () => goToCell(this.editor.state, this.editor.view.dispatch, step);
    return { Enter: stay, 'Shift-Enter': stay, 'Mod-Enter': stay, Tab: go(1), 'Shift-Tab': go(-1) };
  },
});

/** A table of rows of cells' text; the first row is the header, as Markdown's tables have one. */
export function tableOf(
  schema: Schema,
  rows: readonly (readonly string[])[],
  aligns: readonly (string | null)[] = [],
) {
  const width = Math.max(1, ...rows.map((cells) => cells.length));
  const { table, tableRow, tableHeader, tableCell } = schema.nodes;
  return table!.create(
    null,
    rows.map((cells, index) =>
      tableRow!.create(
        null,
        Array.from({ length: width }, (_, column) => {
          const text = cells[column] ?? '';
          return (index === 0 ? tableHeader! : tableCell!).create(
            { align: aligns[column] ?? null },
            text ? schema.text(text) : null,
          );
        }),
      ),
    ),
  );
}

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableHeader | tableCell)+',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
});

function cell(name: 'tableHeader' | 'tableCell', tag: 'th' | 'td') {
  return Node.create({
    name,
    content: '(text | footnoteReference | inlineImage)*',
    marks: '_',
    isolating: true,
    addAttributes: () => ({
      align: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('align'),
        renderHTML: (attributes: Record<string, unknown>) =>
          typeof attributes.align === 'string' ? { style: `text-align: ${attributes.align}` } : {},
      },
    }),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });
}

export const TableHeader = cell('tableHeader', 'th');
export const TableCell = cell('tableCell', 'td');

/**
 * A picture where Markdown allows no block: in a table cell or a heading (in a paragraph, a
 * picture becomes an image block, markdown/lift-images.ts). Shown small, in the line; made only by
 * reading Markdown.
 */
export const InlineImage = Node.create({
  name: 'inlineImage',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes: () => ({ src: { default: null }, alt: { default: null }, title: { default: null } }),
  renderHTML: ({ node }) => [
    'img',
    {
      class: 'editor-inline-image',
      src: isSafeImage(node.attrs.src) ? node.attrs.src : null,
      alt: typeof node.attrs.alt === 'string' ? node.attrs.alt : '',
      title: typeof node.attrs.title === 'string' ? node.attrs.title : null,
    },
  ],
});

/** Only addresses a reader's browser would fetch for a picture: the web, or this site. */
function isSafeImage(src: unknown): src is string {
  return (
    typeof src === 'string' && (/^https?:\/\//i.test(src) || (src.startsWith('/') && !src.startsWith('//')))
  );
}

/** Where a footnote is cited: `[^label]` in the text, shown as the label raised. */
export const FootnoteReference = Node.create({
  name: 'footnoteReference',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes: () => ({ label: { default: '' } }),
  parseHTML: () => [
    { tag: 'sup[data-footnote]', getAttrs: (element) => ({ label: element.getAttribute('data-footnote') }) },
  ],
  renderHTML: ({ node }) => [
    'sup',
    { class: 'editor-footnote-ref', 'data-footnote': String(node.attrs.label) },
    `[${String(node.attrs.label)}]`,
  ],
  renderText: ({ node }) => `[${String(node.attrs.label)}]`,
});

/** A footnote's text, `[^label]: …` in Markdown, kept at the end of the post as readers see it. */
export const FootnoteDefinition = Node.create({
  name: 'footnoteDefinition',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes: () => ({ label: { default: '' } }),
  parseHTML: () => [
    {
      tag: 'div[data-footnote-label]',
      getAttrs: (element) => ({ label: element.getAttribute('data-footnote-label') }),
    },
  ],
  renderHTML: ({ node }) => [
    'div',
    { class: 'editor-footnote', 'data-footnote-label': String(node.attrs.label) },
    0,
  ],
});

const CALLOUT_LABELS: Record<CalloutKind, string> = { note: 'Note', tip: 'Tip', warning: 'Warning' };

/**
 * A callout (note, tip, warning): blocks set apart, `> [!NOTE]` in Markdown as GitHub's alerts
 * (decision 69). Drawn as the page draws it, an aside named by its kind, the kind shown above it by
 * the stylesheet. Backspace at its start lifts the text out, as from a quote.
 */
export const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes: () => ({
    kind: {
      default: 'note',
      parseHTML: (element: HTMLElement) => {
        const kind = element.getAttribute('data-callout');
        return kind && kind in CALLOUT_LABELS ? kind : 'note';
      },
    },
  }),
  parseHTML: () => [{ tag: 'aside[data-callout]' }],
  renderHTML: ({ node }) => {
    const kind =
      (node.attrs.kind as CalloutKind) in CALLOUT_LABELS ? (node.attrs.kind as CalloutKind) : 'note';
    return [
      'aside',
      {
        class: `editor-callout editor-callout--${kind}`,
        'data-callout': kind,
        role: 'note',
        'aria-label': CALLOUT_LABELS[kind],
      },
      0,
    ];
  },
});

/**
 * An embed (decision 81): a YouTube, Vimeo, CodePen, Gist, Bluesky or Mastodon address alone on
 * its line, which the post's page shows as a card that loads the provider on a click. In the editor
 * it is a block showing the provider and the address, and loads nothing from the provider. The
 * provider and its name come from the Markdown reader or the paste that made it (the address
 * reader is not first-load code); only the address is written back.
 */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes: () => ({
    address: {
      default: '',
      parseHTML: (element: HTMLElement) => element.getAttribute('data-address') ?? '',
      renderHTML: (attributes: Record<string, unknown>) => ({ 'data-address': String(attributes.address) }),
    },
    provider: {
      default: '',
      parseHTML: (element: HTMLElement) => element.getAttribute('data-embed') ?? '',
      renderHTML: (attributes: Record<string, unknown>) => ({ 'data-embed': String(attributes.provider) }),
    },
    label: {
      default: '',
      parseHTML: (element: HTMLElement) => element.getAttribute('data-label') ?? '',
      renderHTML: (attributes: Record<string, unknown>) => ({ 'data-label': String(attributes.label) }),
    },
  }),
  parseHTML: () => [{ tag: 'div[data-embed][data-address]' }],
  renderHTML: ({ node, HTMLAttributes }) => {
    const label = String(node.attrs.label) || 'Embed';
    return [
      'div',
      { ...HTMLAttributes, class: 'editor-embed', role: 'group', 'aria-label': `${label} embed` },
      ['span', { class: 'editor-embed__provider' }, label],
      ['span', { class: 'editor-embed__address' }, String(node.attrs.address)],
    ];
  },
});
