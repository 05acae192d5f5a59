import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { PointerAt } from './block-drag-handle';

/**
 * Loads the pointer's tools (pointer-tools.ts: the drag handle and the drop cursor) when a pointer
 * first comes over the body or something is dragged onto it, and registers them. The writing page's
 * first load does not carry them (decision 43).
 */
export const PointerTools = Extension.create({
  name: 'pointerTools',
  addProseMirrorPlugins() {
    const editor = this.editor;
    // Where the pointer is while they load; null once it has left the body.
    let pointer: PointerAt | null = null;
    let loading: Promise<void> | null = null;
    const load = () =>
      (loading ??= import('./pointer-tools').then(
        ({ pointerTools }) => {
          if (editor.isDestroyed) return;
          for (const plugin of pointerTools(pointer)) editor.registerPlugin(plugin);
        },
        () => {
          // Offline: the next pointer over the body asks again.
          loading = null;
        },
      ));
    const over = (event: MouseEvent) => {
      pointer = { clientY: event.clientY, screenX: event.screenX, screenY: event.screenY };
      void load();
      return false;
    };
    return [
      new Plugin({
        key: new PluginKey('pointerToolsLoader'),
        props: {
          handleDOMEvents: {
            mouseover: (_view, event) => over(event),
            mousemove: (_view, event) => over(event),
            mouseleave: () => {
              pointer = null;
              return false;
            },
            dragenter: () => {
              void load();
              return false;
            },
          },
        },
      }),
    ];
  },
});
