import { dropCursor } from '@tiptap/pm/dropcursor';
import type { Plugin } from '@tiptap/pm/state';
import { blockDragHandle, type PointerAt } from './block-drag-handle';
import './block-handle.css';

/**
 * What only a pointer uses: the handle that drags a block, and the line that shows where a dragged
 * block or file will land (ProseMirror's drop cursor, as Tiptap's Dropcursor makes it). Fetched when
 * a pointer first comes over the body or something is dragged onto it (pointer-tools-loader.ts), not
 * with the writing page: the keyboard moves blocks with Alt+Shift+↑/↓, and touch with the toolbar.
 */
export function pointerTools(pointer: PointerAt | null): Plugin[] {
  return [dropCursor({ color: 'currentColor', width: 1 }), blockDragHandle(pointer)];
}
