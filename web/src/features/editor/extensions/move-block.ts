import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode, ResolvedPos } from '@tiptap/pm/model';
import type { EditorState, Selection, Transaction } from '@tiptap/pm/state';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';

/**
 * The depth of the block that moves as one from a position: the innermost list item, or else the
 * block directly under the document. The keyboard (below) and the drag handle share it.
 */
export function movableBlockDepth($pos: ResolvedPos): number {
  for (let d = $pos.depth; d > 0; d -= 1) {
    if ($pos.node(d).type.name === 'listItem') return d;
  }
  return 1;
}

interface MovableBlock {
  parent: ProseMirrorNode;
  index: number;
  /** The position before the block. */
  start: number;
}

/** The block a selection moves: a selected picture or list item itself, else the one holding the caret. */
function movableBlockOf(selection: Selection): MovableBlock | null {
  const { $from } = selection;
  if (selection instanceof NodeSelection && ($from.depth === 0 || selection.node.type.name === 'listItem')) {
    return { parent: $from.parent, index: $from.index(), start: selection.from };
  }
  const depth = movableBlockDepth($from);
  if ($from.depth < depth) return null;
  return { parent: $from.node(depth - 1), index: $from.index(depth - 1), start: $from.before(depth) };
}

/**
 * Alt+Shift+↑/↓ (and the toolbar's arrows) move the selected block, or the one holding the caret,
 * above or below its neighbour: a list item within its list, otherwise the top-level block.
 */
export function moveBlock(direction: -1 | 1) {
  return (state: EditorState, dispatch?: (tr: Transaction) => void): boolean => {
    const movable = movableBlockOf(state.selection);
    if (!movable) return false;
    const { parent, index, start: blockStart } = movable;
    const target = index + direction;
    if (target < 0 || target >= parent.childCount) return false;
    if (!dispatch) return true;

    const block = parent.child(index);
    const neighbour = parent.child(target);
    const offsetInBlock = state.selection.from - blockStart;
    const tr = state.tr;
    let movedStart: number;
    if (direction < 0) {
      movedStart = blockStart - neighbour.nodeSize;
      tr.replaceWith(movedStart, blockStart + block.nodeSize, [block, neighbour]);
    } else {
      tr.replaceWith(blockStart, blockStart + block.nodeSize + neighbour.nodeSize, [neighbour, block]);
      movedStart = blockStart + neighbour.nodeSize;
    }
    tr.setSelection(
      state.selection instanceof NodeSelection
        ? NodeSelection.create(tr.doc, movedStart)
        : TextSelection.near(tr.doc.resolve(movedStart + offsetInBlock)),
    );
    dispatch(tr.scrollIntoView());
    return true;
  };
}

export const MoveBlock = Extension.create({
  name: 'moveBlock',
  addKeyboardShortcuts() {
    return {
      'Alt-Shift-ArrowUp': () => moveBlock(-1)(this.editor.state, this.editor.view.dispatch),
      'Alt-Shift-ArrowDown': () => moveBlock(1)(this.editor.state, this.editor.view.dispatch),
    };
  },
});
