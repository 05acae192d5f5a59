import { Extension } from '@tiptap/core';
import type { Fragment, Node as ProseMirrorNode, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/**
 * Copies the pictures of one paste, on other sites, into the media store (POST /api/media/remote):
 * for each address its new one, or null when it could not be copied (the caller says why, once for
 * the whole paste).
 */
export type CopyRemotePictures = (addresses: string[]) => Promise<({ url: string } | null)[]>;

/** A picture's address on another site than this one, absolute; null for one of ours. */
export function remoteAddress(src: string, here: string = window.location.href): string | null {
  let url: URL;
  try {
    url = new URL(src, here);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === new URL(here).origin ? null : url.href;
}

function remoteSourcesIn(fragment: Fragment, found: Set<string>): void {
  fragment.forEach((node) => {
    if (node.type.name === 'image' && typeof node.attrs.src === 'string' && remoteAddress(node.attrs.src))
      found.add(node.attrs.src);
    remoteSourcesIn(node.content, found);
  });
}

/** Every image in the document showing `src`, last first, so replacing one leaves the others' places. */
function imagesShowing(doc: ProseMirrorNode, src: string): { node: ProseMirrorNode; pos: number }[] {
  const found: { node: ProseMirrorNode; pos: number }[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === 'image' && node.attrs.src === src) found.push({ node, pos });
  });
  return found.reverse();
}

/** Points every copy of the picture at its stored address, or, when it was not copied, makes it a link. */
function settle(view: EditorView, src: string, copied: { url: string } | null): void {
  if (view.isDestroyed) return;
  const { schema } = view.state;
  const tr = view.state.tr;
  for (const { node, pos } of imagesShowing(view.state.doc, src)) {
    if (copied) {
      tr.setNodeMarkup(pos, undefined, { ...node.attrs, src: copied.url });
      continue;
    }
    const alt = typeof node.attrs.alt === 'string' ? node.attrs.alt.trim() : '';
    const link = schema.marks.link?.create({ href: remoteAddress(src) ?? src });
    const paragraph = schema.nodes.paragraph?.create(null, schema.text(alt || src, link ? [link] : []));
    if (paragraph) tr.replaceWith(pos, pos + node.nodeSize, paragraph);
  }
  if (tr.docChanged) view.dispatch(tr.setMeta('addToHistory', false));
}

/**
 * Pictures pasted (or dropped) from a web page arrive as addresses on that site. Readers must not
 * load them from there (hot-linking: the site may change or remove them, and learns who reads), so
 * each is copied into the media store once the paste is in, and the image then shows the copy.
 * One that cannot be copied becomes a link to where it was, and `copy` says why.
 */
export const RemotePictures = Extension.create<{ copy: CopyRemotePictures | null }>({
  name: 'remotePictures',
  addOptions() {
    return { copy: null };
  },
  addProseMirrorPlugins() {
    const copy = this.options.copy;
    if (!copy) return [];
    const copying = new Set<string>();
    return [
      new Plugin({
        key: new PluginKey('remotePictures'),
        props: {
          transformPasted(slice: Slice, view: EditorView) {
            const found = new Set<string>();
            remoteSourcesIn(slice.content, found);
            const sources = [...found].filter((src) => !copying.has(src));
            if (sources.length === 0) return slice;
            sources.forEach((src) => copying.add(src));
            void copy(sources.map((src) => remoteAddress(src) ?? src))
              .catch(() => sources.map(() => null))
              .then((results) =>
                sources.forEach((src, index) => {
                  copying.delete(src);
                  settle(view, src, results[index] ?? null);
                }),
              );
            return slice;
          },
        },
      }),
    ];
  },
});
