import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import type { EditorView } from '@tiptap/pm/view';
import { GALLERY_MAX } from '../../../../../contracts/picture-layouts';
import type { UploadImage } from './image-upload';

/**
 * How many pictures go in each gallery: three at a time, but never one left alone (four are two
 * and two); a single picture is a plain picture.
 */
export function gallerySizes(count: number): number[] {
  const sizes: number[] = [];
  let left = count;
  while (left > 0) {
    const size = left === GALLERY_MAX + 1 ? 2 : Math.min(GALLERY_MAX, left);
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/** Image blocks for the uploaded pictures, in the order chosen; those that failed are left out. */
export async function uploadedPictures(
  schema: Schema,
  files: File[],
  upload: UploadImage,
): Promise<ProseMirrorNode[]> {
  const uploaded = await Promise.all(files.map((file) => upload(file)));
  return uploaded.flatMap((picture) =>
    picture && schema.nodes.image
      ? [schema.nodes.image.create({ src: picture.url, alt: null, title: null })]
      : [],
  );
}

/** Pictures as galleries of two or three (decision 82), a lone one as a plain picture. */
export function galleriesOf(schema: Schema, pictures: ProseMirrorNode[]): ProseMirrorNode[] {
  const blocks: ProseMirrorNode[] = [];
  let next = 0;
  for (const size of gallerySizes(pictures.length)) {
    const group = pictures.slice(next, next + size);
    next += size;
    blocks.push(
      size === 1 || !schema.nodes.gallery
        ? group[0]!
        : schema.nodes.gallery.create({ count: group.length }, group),
    );
  }
  return blocks;
}

/** Several pictures chosen, pasted or dropped at once: uploaded, then inserted as galleries. */
export async function insertUploadedGalleries(
  view: EditorView,
  files: File[],
  at: number,
  upload: UploadImage,
) {
  const pictures = await uploadedPictures(view.state.schema, files, upload);
  if (pictures.length === 0 || view.isDestroyed) return;
  const tr = view.state.tr.insert(
    Math.min(at, view.state.doc.content.size),
    galleriesOf(view.state.schema, pictures),
  );
  view.dispatch(tr.scrollIntoView());
}
