import type { Editor } from '@tiptap/core';
import { NodeSelection, type EditorState } from '@tiptap/pm/state';

/**
 * When the toolbar on the selection shows: on selected text, a selected picture, or the caret in a
 * code block (its language). The editor loads the toolbar the first time this is true.
 */
export function showsToolbar(editor: Editor, state: EditorState = editor.state): boolean {
  const { selection } = state;
  if (!editor.isEditable) return false;
  if (selection instanceof NodeSelection) return selection.node.type.name === 'image';
  if (editor.isActive('codeBlock')) return true;
  return !selection.empty;
}
