import {
  NodeSelection,
  Plugin,
  PluginKey,
  TextSelection,
  type EditorState,
  type Transaction,
} from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { movableBlockDepth } from './move-block';

/** Where the handle's block starts in the document, and its element on the page. */
interface HoveredBlock {
  start: number;
  element: HTMLElement;
}

/**
 * The block under the pointer, by the same rule as the keyboard's Alt+Shift+↑/↓ (a list item within
 * its list, otherwise the top-level block). The probe looks a little inside the body's left edge, so
 * a pointer in the margin beside a block finds that block.
 */
function blockAt(view: EditorView, clientY: number): HoveredBlock | null {
  const bounds = view.dom.getBoundingClientRect();
  const found = view.posAtCoords({ left: bounds.left + 40, top: clientY });
  if (!found) return null;
  const doc = view.state.doc;
  // An atom (a picture) is found by `inside`: the position before it.
  const atom = found.inside >= 0 ? doc.nodeAt(found.inside) : null;
  let start: number;
  if (atom?.isAtom && doc.resolve(found.inside).depth === 0) {
    start = found.inside;
  } else {
    const $pos = doc.resolve(found.pos);
    if ($pos.depth === 0) {
      const after = $pos.nodeAfter;
      if (!after) return null;
      start = found.pos;
    } else {
      start = $pos.before(movableBlockDepth($pos));
    }
  }
  const element = view.nodeDOM(start);
  return element instanceof HTMLElement ? { start, element } : null;
}

/** Where a pointer is, as a mouse event says it. */
export type PointerAt = Pick<MouseEvent, 'clientY' | 'screenX' | 'screenY'>;

class DragHandleView {
  private readonly handle: HTMLButtonElement;
  private hovered: HoveredBlock | null = null;
  /** Where the pointer last was on the screen. */
  private pointer = { x: NaN, y: NaN };

  constructor(
    private readonly view: EditorView,
    pointer: PointerAt | null,
  ) {
    const handle = document.createElement('button');
    handle.type = 'button';
    handle.className = 'block-handle';
    handle.draggable = true;
    // A pointer's tool: the keyboard moves blocks with Alt+Shift+↑/↓, which the title names.
    handle.tabIndex = -1;
    handle.setAttribute('aria-hidden', 'true');
    handle.title = 'Drag to move this block (Alt+Shift+↑/↓ with the keyboard)';
    handle.hidden = true;
    this.handle = handle;

    view.dom.addEventListener('mousemove', this.onMouseMove);
    view.dom.addEventListener('mouseleave', this.onMouseLeave);
    view.dom.addEventListener('keydown', this.hide);
    handle.addEventListener('mouseleave', this.onMouseLeave);
    handle.addEventListener('click', this.onClick);
    handle.addEventListener('dragstart', this.onDragStart);
    handle.addEventListener('dragend', this.hide);
    // Made as the pointer came over the body: its block's handle shows now, not at its next move.
    if (pointer) this.onMouseMove(pointer);
  }

  update(): void {
    // An edit may have moved or removed the block the handle points at.
    if (this.hovered && !this.hovered.element.isConnected) this.hide();
  }

  destroy(): void {
    this.view.dom.removeEventListener('mousemove', this.onMouseMove);
    this.view.dom.removeEventListener('mouseleave', this.onMouseLeave);
    this.view.dom.removeEventListener('keydown', this.hide);
    this.handle.remove();
  }

  private readonly onMouseMove = (event: PointerAt): void => {
    if (!this.view.editable) return;
    // The browser sends a mousemove without a move after each change of layout under a still
    // pointer, so at every keystroke: the handle that typing hid stays hidden, and the block under
    // the pointer is not looked up again (a hit test of the whole body).
    const moved = event.screenX !== this.pointer.x || event.screenY !== this.pointer.y;
    this.pointer = { x: event.screenX, y: event.screenY };
    if (!moved && this.handle.hidden) return;
    const block = blockAt(this.view, event.clientY);
    if (!block) return;
    this.hovered = block;
    // React mounts the editor's element after the view is made, so the handle joins it on first use.
    const container = this.view.dom.parentElement;
    if (!container) return;
    if (this.handle.parentElement !== container) container.appendChild(this.handle);
    const box = block.element.getBoundingClientRect();
    const origin = container.getBoundingClientRect();
    this.handle.style.top = `${box.top - origin.top}px`;
    this.handle.hidden = false;
  };

  /** Moving from the text onto the handle (or back) keeps it; leaving both hides it. */
  private readonly onMouseLeave = (event: MouseEvent): void => {
    const next = event.relatedTarget;
    if (next instanceof Node && (next === this.handle || this.view.dom.contains(next))) return;
    this.hide();
  };

  private readonly hide = (): void => {
    if (!this.handle.hidden) this.handle.hidden = true;
  };

  /**
   * A press without a drag puts the caret in the block (or selects a picture), ready for the keys.
   * Its default is kept: cancelling a press on a draggable element cancels the drag it starts.
   */
  private readonly onClick = (): void => {
    const block = this.hovered;
    if (!block) return;
    const { state } = this.view;
    const node = state.doc.nodeAt(block.start);
    const selection = node?.isAtom
      ? NodeSelection.create(state.doc, block.start)
      : TextSelection.near(state.doc.resolve(block.start + 1));
    this.view.dispatch(state.tr.setSelection(selection));
    this.view.focus();
  };

  /**
   * The block is handed to ProseMirror's own drop handling as a moved slice, as when a selection is
   * dragged: it lands where the drop cursor shows, and leaves where it was.
   */
  private readonly onDragStart = (event: DragEvent): void => {
    const block = this.hovered;
    if (!block || !event.dataTransfer) return;
    const { state } = this.view;
    const selection = NodeSelection.create(state.doc, block.start);
    this.view.dispatch(state.tr.setSelection(selection));
    const slice = selection.content();
    const { dom, text } = this.view.serializeForClipboard(slice);
    event.dataTransfer.clearData();
    event.dataTransfer.setData('text/html', dom.innerHTML);
    event.dataTransfer.setData('text/plain', text);
    event.dataTransfer.effectAllowed = 'copyMove';
    event.dataTransfer.setDragImage(block.element, 0, 0);
    this.view.dragging = { slice, move: true };
  };
}

/**
 * ProseMirror selects a dropped block as a node. For a picture that is right (its toolbar shows);
 * a paragraph or heading selected whole shows no caret, and the browser's next double-click lands
 * on a stale selection. The caret goes to the end of the dropped text instead, as after typing it.
 */
function caretAfterDroppedText(transactions: readonly Transaction[], state: EditorState): Transaction | null {
  const dropped = transactions.some((transaction) => transaction.getMeta('uiEvent') === 'drop');
  const { selection } = state;
  if (!dropped || !(selection instanceof NodeSelection) || !selection.node.isTextblock) return null;
  return state.tr.setSelection(TextSelection.create(state.doc, selection.to - 1));
}

/**
 * A handle beside the block under the pointer, to drag it elsewhere. Registered when a pointer first
 * comes over the body (pointer-tools.ts), given where it is.
 */
export function blockDragHandle(pointer: PointerAt | null): Plugin {
  return new Plugin({
    key: new PluginKey('blockDragHandle'),
    view: (view) => new DragHandleView(view, pointer),
    appendTransaction: (transactions, _before, state) => caretAfterDroppedText(transactions, state),
  });
}
