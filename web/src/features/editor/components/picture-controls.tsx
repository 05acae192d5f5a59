import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import type { PictureWidth } from '../../../../../contracts/picture-layouts';
import type { UploadImage } from '../extensions/image-upload';
import {
  addBesidePicture,
  selectedPicture,
  setPictureWidth,
  takeOutOfGallery,
} from '../lib/picture-commands';

const WIDTHS: { width: PictureWidth | null; label: string }[] = [
  { width: null, label: 'Text width' },
  { width: 'wide', label: 'Wide' },
  { width: 'full', label: 'Full width' },
];

/** The upload the editor was given (ImageUpload's option), for pictures added from the toolbar. */
function uploaderOf(editor: Editor): UploadImage | null {
  const extension = editor.extensionManager.extensions.find((candidate) => candidate.name === 'imageUpload');
  return (extension?.options as { upload?: UploadImage | null } | undefined)?.upload ?? null;
}

/**
 * Opens the file picker for pictures to add beside the selected one. The input is made here and
 * never put in the page: the toolbar hides while the picker has the focus, which would take an
 * input inside it away before it could answer.
 */
function choosePictures(editor: Editor, upload: UploadImage): void {
  const at = editor.state.selection.from;
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
  input.multiple = true;
  input.addEventListener('change', () => {
    const files = Array.from(input.files ?? []);
    if (files.length > 0) void addBesidePicture(editor, at, files, upload);
  });
  input.click();
}

/**
 * A selected picture's width and gallery (decision 82), in the toolbar on the selection: three
 * toggle buttons for its width (not in a gallery, which is wide), a button to add pictures beside
 * it, and one to take it out of its gallery. Buttons, not a form: Enter presses the button and never
 * reaches the post's form.
 */
export function PictureControls({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const picture = selectedPicture(current);
      return picture
        ? { ...picture, layout: (current.getAttributes('image').layout as PictureWidth | null) ?? null }
        : null;
    },
  });
  const upload = uploaderOf(editor);
  if (!state) return null;

  return (
    <>
      {state.inGallery ? null : (
        <div role="group" aria-label="Width" className="selection-toolbar__group">
          {WIDTHS.map(({ width, label }) => (
            <button
              key={label}
              type="button"
              className="selection-toolbar__button"
              aria-pressed={state.layout === width}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => setPictureWidth(editor, width)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {upload && !state.galleryFull ? (
        <button
          type="button"
          className="selection-toolbar__button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choosePictures(editor, upload)}
        >
          {state.inGallery ? 'Add a picture' : 'Add a picture beside'}
        </button>
      ) : null}
      {state.inGallery ? (
        <button
          type="button"
          className="selection-toolbar__button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => takeOutOfGallery(editor)}
        >
          Take out of gallery
        </button>
      ) : null}
    </>
  );
}
