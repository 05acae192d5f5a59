import { Node } from '@tiptap/core';
import { ListItem } from '@tiptap/extension-list';
import type { EditorState } from '@tiptap/pm/state';

/**
 * The blocks that hold what GitHub's Markdown adds to CommonMark (decision 54): task list items,
 * tables and footnotes. They are here so that a post written with them opens in the editor and is
 * saved as it was; the editor shows them and lets their text be edited, and offers no command yet to
 * add a table, a task or a footnote.
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
function inTableCell(state: EditorState): boolean {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const name = $from.node(depth).type.name;
    if (name === 'tableCell' || name === 'tableHeader') return true;
  }
  return false;
}

/**
 * A GFM table: rows of cells, the first row its header. A cell holds one line of text with its
 * marks (a Markdown table has no line break or block in a cell). Ours rather than Tiptap's table
 * extension, whose cells hold blocks and span columns (more than Markdown can say) and which brings
 * prosemirror-tables into the writing page's first load (decision 43).
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
    return { Enter: stay, 'Shift-Enter': stay, 'Mod-Enter': stay };
  },
});

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
