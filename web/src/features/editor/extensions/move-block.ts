import { Extension } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { TextSelection } from '@tiptap/pm/state';

/**
 * Alt+Shift+↑/↓ moves the block holding the caret (a list item within its list, otherwise the
 * top-level block) above or below its neighbour: reordering without a pointer.
 */
export function moveBlock(direction: -1 | 1) {
  return (state: EditorState, dispatch?: (tr: Transaction) => void): boolean => {
    const { $from } = state.selection;
    // The innermost list item, or else the block directly under the document.
    let depth = 1;
    for (let d = $from.depth; d > 0; d -= 1) {
      if ($from.node(d).type.name === 'listItem') {
        depth = d;
        break;
      }
    }
    if ($from.depth < depth) return false;
    const parent = $from.node(depth - 1);
    const index = $from.index(depth - 1);
    const target = index + direction;
    if (target < 0 || target >= parent.childCount) return false;
    if (!dispatch) return true;

    const block = parent.child(index);
    const neighbour = parent.child(target);
    const blockStart = $from.before(depth);
    const offsetInBlock = state.selection.from - blockStart;
    const tr = state.tr;
    if (direction < 0) {
      const neighbourStart = blockStart - neighbour.nodeSize;
      tr.replaceWith(neighbourStart, blockStart + block.nodeSize, [block, neighbour]);
      tr.setSelection(TextSelection.near(tr.doc.resolve(neighbourStart + offsetInBlock)));
    } else {
      const end = blockStart + block.nodeSize + neighbour.nodeSize;
      tr.replaceWith(blockStart, end, [neighbour, block]);
      tr.setSelection(TextSelection.near(tr.doc.resolve(blockStart + neighbour.nodeSize + offsetInBlock)));
    }
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
