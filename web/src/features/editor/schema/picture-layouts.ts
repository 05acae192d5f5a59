import { Extension, Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { GALLERY_MAX, PICTURE_WIDTHS, type PictureWidth } from '../../../../../contracts/picture-layouts';

/**
 * Picture widths and galleries in the editor (decision 82). The image block gains a `layout`
 * attribute (null for text width, `wide`, `full`; Tiptap's Image already has a `width`, in pixels),
 * and a gallery is a block of one to three image blocks. Markdown: `![alt](src){width=wide}`, and
 * the gallery's pictures on one line (markdown-serializer.ts).
 */

/** The layout named by a figure's class, the editor's own or the read page's (a paste). */
export function layoutOf(element: Element): PictureWidth | null {
  for (const width of PICTURE_WIDTHS) {
    if (
      element.classList.contains(`editor-figure--${width}`) ||
      element.classList.contains(`picture--${width}`)
    )
      return width;
  }
  return null;
}

/** The image block's `layout` attribute; the figure's class shows it (editor.css). */
export const layoutAttribute = {
  default: null as PictureWidth | null,
  // Drawn by the image block's figure, not on the img.
  renderHTML: () => ({}),
  parseHTML: (element: HTMLElement) => layoutOf(element.closest('figure') ?? element),
};

/** A gallery's name for screen readers, as the read page names it. */
export function galleryLabel(count: number): string {
  return `Gallery, ${count} pictures`;
}

/**
 * A gallery: one to three pictures side by side. One is allowed so that removing a picture from
 * a gallery of two never removes both (ProseMirror would delete the whole node to keep it valid);
 * a gallery left with one picture becomes that picture (the plugin below).
 */
export const Gallery = Node.create({
  name: 'gallery',
  group: 'block',
  content: `image{1,${GALLERY_MAX}}`,
  draggable: true,
  addAttributes() {
    return {
      // How many pictures it holds, for its class and its name: ProseMirror redraws a block's own
      // element when its attributes change, not when its content does (kept by the plugin below).
      count: {
        default: 2,
        parseHTML: (element: HTMLElement) => element.querySelectorAll('img').length,
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    // Before the image block's `figure` rule, which would take the gallery for one picture.
    return [
      { tag: 'figure.editor-gallery', priority: 60 },
      { tag: 'figure.gallery', priority: 60 },
    ];
  },
  renderHTML({ node }) {
    const count = Number(node.attrs.count);
    return [
      'figure',
      {
        class: `editor-gallery editor-gallery--${count}`,
        role: 'group',
        'aria-label': galleryLabel(count),
      },
      0,
    ];
  },
});

/**
 * The parts of the document the transactions changed, as ranges in the last one's document: only
 * there can a gallery have lost or gained a picture. A keystroke is one small range, so the check
 * below never walks a long post.
 */
function changedRanges(transactions: readonly Transaction[]): [number, number][] {
  const ranges: [number, number][] = [];
  transactions.forEach((tr, which) => {
    tr.mapping.maps.forEach((map, index) => {
      map.forEach((_oldStart, _oldEnd, from, to) => {
        let start = from;
        let end = to;
        for (const later of [
          tr.mapping.slice(index + 1),
          ...transactions.slice(which + 1).map((next) => next.mapping),
        ]) {
          start = later.map(start, -1);
          end = later.map(end, 1);
        }
        ranges.push([start, end]);
      });
    });
  });
  return ranges;
}

/** Where, in those ranges, a gallery holds a single picture, or says a wrong number of pictures. */
function galleriesToMend(doc: ProseMirrorNode, ranges: [number, number][]): number[] {
  const found = new Set<number>();
  for (const [from, to] of ranges) {
    doc.nodesBetween(Math.max(0, from), Math.min(doc.content.size, to), (node, position) => {
      if (node.type.name !== 'gallery') return !node.isTextblock;
      if (node.childCount === 1 || node.attrs.count !== node.childCount) found.add(position);
      return false;
    });
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * A gallery left with one picture (the other removed or dragged out) becomes that picture; one
 * whose pictures were added or removed says its new number.
 */
export const GalleryNormalizer = Extension.create({
  name: 'galleryNormalizer',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('galleryNormalizer'),
        appendTransaction(transactions, _old, state) {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          const positions = galleriesToMend(state.doc, changedRanges(transactions));
          if (positions.length === 0) return null;
          const tr = state.tr;
          // From the end, so earlier positions stay put.
          for (const position of positions.reverse()) {
            const gallery = state.doc.nodeAt(position)!;
            if (gallery.childCount > 1) {
              tr.setNodeAttribute(position, 'count', gallery.childCount);
              continue;
            }
            tr.replaceWith(
              position,
              position + gallery.nodeSize,
              gallery.firstChild!.type.create({
                ...gallery.firstChild!.attrs,
                layout: null,
              }),
            );
          }
          return tr;
        },
      }),
    ];
  },
});
