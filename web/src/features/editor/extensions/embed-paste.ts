import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { wholeWebAddress } from '../lib/web-addresses';

/**
 * An address pasted on an empty line becomes an embed when a provider is known for it (decision
 * 81). The paste goes in as the link it is at once; the address reader is fetched then (none of
 * it is first-load code, decision 43) and, if the line still holds only that address, turns it
 * into the embed block. Any other address stays the link.
 */
export const EmbedPaste = Extension.create({
  name: 'embedPaste',
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey('embedPaste'),
        props: {
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData('text/plain') ?? '';
            const address = wholeWebAddress(text);
            const { $from, empty } = view.state.selection;
            // An empty paragraph of the text itself (not in a list, a quote or a table).
            if (!address || !empty || $from.depth !== 1) return false;
            if ($from.parent.type.name !== 'paragraph' || $from.parent.content.size > 0) return false;
            const at = $from.before();
            void import('../lib/embed-commands').then(({ embedParagraph }) => {
              if (!editor.isDestroyed) embedParagraph(editor, at, address.text);
            });
            return false;
          },
        },
      }),
    ];
  },
});
