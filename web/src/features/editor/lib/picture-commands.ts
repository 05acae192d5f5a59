import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { GALLERY_MAX, type PictureWidth } from '../../../../../contracts/picture-layouts';
import { galleriesOf, uploadedPictures } from '../extensions/gallery-upload';
import type { UploadImage } from '../extensions/image-upload';

/**
 * The selected picture's place: its gallery when it is in one (decision 82). Asked by the toolbar
 * on every selection change, so it only looks at the selection.
 */
export function selectedPicture(editor: Editor): { inGallery: boolean; galleryFull: boolean } | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null;
  const parent = selection.$from.parent;
  const inGallery = parent.type.name === 'gallery';
  return { inGallery, galleryFull: inGallery && parent.childCount >= GALLERY_MAX };
}

/** Text width (null), wide or full, for the selected picture; it stays selected. */
export function setPictureWidth(editor: Editor, width: PictureWidth | null): void {
  editor.chain().updateAttributes('image', { layout: width }).run();
}

/**
 * Takes the selected picture out of its gallery and puts it right after it, still selected. A
 * gallery left with one picture becomes that picture (schema/picture-layouts.ts).
 */
export function takeOutOfGallery(editor: Editor): void {
  const { state } = editor;
  const { selection } = state;
  if (!(selection instanceof NodeSelection) || selection.$from.parent.type.name !== 'gallery') return;
  const galleryStart = selection.$from.before();
  const galleryEnd = galleryStart + selection.$from.parent.nodeSize;
  const picture = selection.node;
  const tr = state.tr.delete(selection.from, selection.to);
  const after = tr.mapping.map(galleryEnd);
  tr.insert(after, picture);
  tr.setSelection(NodeSelection.create(tr.doc, after));
  editor.view.dispatch(tr.scrollIntoView());
}

/**
 * Uploads pictures and puts them beside the selected one: in its gallery while there is room
 * (three at most), or in a new gallery with it; any that do not fit follow as galleries of their own.
 */
export async function addBesidePicture(
  editor: Editor,
  at: number,
  files: File[],
  upload: UploadImage,
): Promise<void> {
  const pictures = await uploadedPictures(editor.schema, files, upload);
  if (editor.isDestroyed || pictures.length === 0) return;
  const { state } = editor;
  // The picture chosen before the file picker opened (the toolbar, and the selection, may be gone).
  if (state.doc.nodeAt(at)?.type.name !== 'image') return;
  const selection = NodeSelection.create(state.doc, at);
  const gallery = selection.$from.parent.type.name === 'gallery' ? selection.$from.parent : null;
  const tr = state.tr;
  if (gallery) {
    const start = selection.$from.before();
    const room = GALLERY_MAX - gallery.childCount;
    const end = start + gallery.nodeSize;
    tr.insert(end - 1, pictures.slice(0, room));
    const rest = pictures.slice(room);
    if (rest.length > 0) tr.insert(tr.mapping.map(end), galleriesOf(state.schema, rest));
  } else {
    const own = selection.node.type.create({ ...selection.node.attrs, layout: null });
    const fits = pictures.slice(0, GALLERY_MAX - 1);
    const rest = pictures.slice(GALLERY_MAX - 1);
    tr.replaceWith(selection.from, selection.to, [
      state.schema.nodes.gallery!.create({ count: fits.length + 1 }, [own, ...fits]),
      ...galleriesOf(state.schema, rest),
    ]);
  }
  editor.view.dispatch(tr.scrollIntoView());
}
