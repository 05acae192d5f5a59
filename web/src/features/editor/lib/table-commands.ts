import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { tableOf } from '../schema/markdown-blocks';
import { TextSelection, type Transaction } from '@tiptap/pm/state';

/**
 * The `/` menu's table, footnote and callout commands. They load when first chosen (block-commands.ts),
 * so that the writing page's first load does not carry them (decision 69).
 */

/** Where the cursor's cell is: its table, row and column, and the table's position. */
interface CellPlace {
  table: ProseMirrorNode;
  tablePos: number;
  row: number;
  column: number;
}

function cellPlace(editor: Editor): CellPlace | null {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 2; depth -= 1) {
    const name = $from.node(depth).type.name;
    if (name !== 'tableCell' && name !== 'tableHeader') continue;
    return {
      table: $from.node(depth - 2),
      tablePos: $from.before(depth - 2),
      row: $from.index(depth - 2),
      column: $from.index(depth - 1),
    };
  }
  return null;
}

/** Rebuilds the table from rows of cells (each kept as it is), and puts the cursor in one cell. */
function replaceTable(editor: Editor, place: CellPlace, rows: ProseMirrorNode[][], focus: [number, number]) {
  const { schema } = editor.state;
  if (rows.length === 0 || rows[0]!.length === 0) {
    deleteTable(editor);
    return;
  }
  const table = place.table.type.create(
    place.table.attrs,
    rows.map((cells, index) =>
      schema.nodes.tableRow!.create(
        null,
        cells.map((cell) => {
          // The first row is the header; a row moved there or away changes its cells' kind.
          const type = index === 0 ? schema.nodes.tableHeader! : schema.nodes.tableCell!;
          return cell.type === type ? cell : type.create(cell.attrs, cell.content, cell.marks);
        }),
      ),
    ),
  );
  const tr: Transaction = editor.state.tr.replaceWith(
    place.tablePos,
    place.tablePos + place.table.nodeSize,
    table,
  );
  const [row, column] = [Math.min(focus[0], rows.length - 1), Math.min(focus[1], rows[0]!.length - 1)];
  let pos = place.tablePos + 1;
  for (let index = 0; index < row; index += 1) pos += table.child(index).nodeSize;
  pos += 1;
  for (let index = 0; index < column; index += 1) pos += table.child(row).child(index).nodeSize;
  tr.setSelection(TextSelection.create(tr.doc, pos + 1));
  editor.view.dispatch(tr.scrollIntoView());
  editor.view.focus();
}

function rowsOf(table: ProseMirrorNode): ProseMirrorNode[][] {
  const rows: ProseMirrorNode[][] = [];
  table.forEach((row) => {
    const cells: ProseMirrorNode[] = [];
    row.forEach((cell) => cells.push(cell));
    rows.push(cells);
  });
  return rows;
}

function emptyCell(editor: Editor, like: ProseMirrorNode | undefined): ProseMirrorNode {
  return editor.state.schema.nodes.tableCell!.create({ align: (like?.attrs.align as unknown) ?? null });
}

export function addRow(editor: Editor, below: boolean): void {
  const place = cellPlace(editor);
  if (!place) return;
  const rows = rowsOf(place.table);
  const at = place.row + (below ? 1 : 0);
  rows.splice(
    at,
    0,
    rows[place.row]!.map((cell) => emptyCell(editor, cell)),
  );
  replaceTable(editor, place, rows, [at, place.column]);
}

export function deleteRow(editor: Editor): void {
  const place = cellPlace(editor);
  if (!place) return;
  const rows = rowsOf(place.table);
  rows.splice(place.row, 1);
  replaceTable(editor, place, rows, [place.row, place.column]);
}

export function addColumn(editor: Editor, right: boolean): void {
  const place = cellPlace(editor);
  if (!place) return;
  const at = place.column + (right ? 1 : 0);
  const rows = rowsOf(place.table).map((cells) => {
    const copy = [...cells];
    copy.splice(at, 0, emptyCell(editor, undefined));
    return copy;
  });
  replaceTable(editor, place, rows, [place.row, at]);
}

export function deleteColumn(editor: Editor): void {
  const place = cellPlace(editor);
  if (!place) return;
  const rows = rowsOf(place.table).map((cells) => cells.filter((_, column) => column !== place.column));
  replaceTable(editor, place, rows, [place.row, place.column]);
}

export function deleteTable(editor: Editor): void {
  const place = cellPlace(editor);
  if (!place) return;
  const paragraph = editor.state.schema.nodes.paragraph!.create();
  const tr = editor.state.tr.replaceWith(place.tablePos, place.tablePos + place.table.nodeSize, paragraph);
  tr.setSelection(TextSelection.create(tr.doc, place.tablePos + 1));
  editor.view.dispatch(tr.scrollIntoView());
  editor.view.focus();
}

/** A table of two columns, a header row and two rows, the cursor in its first cell. */
export function insertTable(editor: Editor): void {
  const { state } = editor;
  const table = tableOf(state.schema, [
    ['', ''],
    ['', ''],
    ['', ''],
  ]);
  const { $from } = state.selection;
  // In place of an empty line, or after the block the cursor is in.
  const empty = $from.depth >= 1 && $from.parent.isTextblock && $from.parent.content.size === 0;
  const from = empty ? $from.before() : $from.after(1);
  const to = empty ? $from.after() : from;
  const tr = state.tr.replaceWith(from, to, table);
  tr.setSelection(TextSelection.create(tr.doc, from + 3));
  editor.view.dispatch(tr.scrollIntoView());
  editor.view.focus();
}

/** The first number no footnote of the post uses yet. */
function nextFootnoteLabel(doc: ProseMirrorNode): string {
  const used = new Set<string>();
  doc.descendants((node) => {
    if (node.type.name === 'footnoteReference' || node.type.name === 'footnoteDefinition') {
      used.add(String(node.attrs.label));
    }
  });
  let next = 1;
  while (used.has(String(next))) next += 1;
  return String(next);
}

/**
 * A footnote: its reference where the cursor is, and its note at the end of the post (where
 * Markdown's `[^1]: …` lines go and readers find it), the cursor in the note to write it.
 */
export function insertFootnote(editor: Editor): void {
  const { state } = editor;
  const { footnoteReference, footnoteDefinition, paragraph } = state.schema.nodes;
  const label = nextFootnoteLabel(state.doc);
  const tr = state.tr.replaceSelectionWith(footnoteReference!.create({ label }), false);
  // After the post's last block with content: the empty line the editor keeps at the end stays last.
  let end = tr.doc.content.size;
  const last = tr.doc.lastChild;
  if (last && last.type === paragraph && last.content.size === 0) end -= last.nodeSize;
  tr.insert(end, footnoteDefinition!.create({ label }, paragraph!.create()));
  tr.setSelection(TextSelection.create(tr.doc, end + 2));
  editor.view.dispatch(tr.scrollIntoView());
  editor.view.focus();
}

/** The blocks around the cursor set in a callout of this kind; in one already, its kind changes. */
export function setCallout(editor: Editor, kind: 'note' | 'tip' | 'warning'): void {
  if (editor.isActive('callout')) {
    editor.chain().focus().updateAttributes('callout', { kind }).run();
    return;
  }
  editor.chain().focus().wrapIn('callout', { kind }).run();
}
