import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { insertUploadedGalleries } from './gallery-upload';

/** Uploads one picture and answers with its address, or null when it failed (the caller says why). */
export type UploadImage = (file: File) => Promise<{ url: string } | null>;

const IMAGE_TYPES = /^image\/(jpeg|png|webp|gif|avif)$/;

function imagesOf(files: FileList | null | undefined): File[] {
  return Array.from(files ?? []).filter((file) => IMAGE_TYPES.test(file.type));
}

/**
 * Uploads each picture and inserts it as an image block where it was pasted or dropped. Several
 * at once become galleries instead (decision 82), once all are uploaded.
 */
export async function insertUploadedImages(view: EditorView, files: File[], at: number, upload: UploadImage) {
  if (files.length > 1) {
    await insertUploadedGalleries(view, files, at, upload);
    return;
  }
  let position = at;
  for (const file of files) {
    const uploaded = await upload(file);
    if (!uploaded) continue;
    const node = view.state.schema.nodes.image?.create({ src: uploaded.url, alt: null, title: null });
    if (!node) return;
    const tr = view.state.tr.insert(Math.min(position, view.state.doc.content.size), node);
    view.dispatch(tr.scrollIntoView());
    position = tr.mapping.map(position) + node.nodeSize;
  }
}

/**
 * Pictures pasted or dropped into the body are uploaded to /api/media and become image blocks;
 * anything else pasted goes through ProseMirror's own cleaning to our blocks.
 */
export const ImageUpload = Extension.create<{ upload: UploadImage | null }>({
  name: 'imageUpload',
  addOptions() {
    return { upload: null };
  },
  addProseMirrorPlugins() {
    const upload = this.options.upload;
    if (!upload) return [];
    return [
      new Plugin({
        key: new PluginKey('imageUpload'),
        props: {
          handlePaste(view, event) {
            const files = imagesOf(event.clipboardData?.files);
            if (files.length === 0) return false;
            event.preventDefault();
            void insertUploadedImages(view, files, view.state.selection.to, upload);
            return true;
          },
          handleDrop(view, event) {
            const files = imagesOf(event.dataTransfer?.files);
            if (files.length === 0) return false;
            event.preventDefault();
            const at =
              view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? view.state.selection.to;
            void insertUploadedImages(view, files, at, upload);
            return true;
          },
        },
      }),
    ];
  },
});
