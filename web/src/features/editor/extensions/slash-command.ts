import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import { Suggestion } from '@tiptap/suggestion';
import type { BlockCommand } from '../lib/block-commands';

/** What the `/` menu shows: its matches, where to draw it, and how to run a choice. */
export interface SlashMenuState {
  items: BlockCommand[];
  rect: DOMRect | null;
  choose: (item: BlockCommand) => void;
}

/** The React side of the menu: the extension reports to it and asks it about keys. */
export interface SlashMenuBridge {
  items: (query: string) => BlockCommand[];
  show: (state: SlashMenuState | null) => void;
  keyDown: (event: KeyboardEvent) => boolean;
}

export const slashMenuKey = new PluginKey('slashMenu');

/** Typing `/` at the start of an empty line (or after a space) opens the block menu. */
export const SlashCommand = Extension.create<{ bridge: SlashMenuBridge | null }>({
  name: 'slashCommand',
  addOptions() {
    return { bridge: null };
  },
  addProseMirrorPlugins() {
    const bridge = this.options.bridge;
    if (!bridge) return [];
    return [
      Suggestion<BlockCommand, BlockCommand>({
        editor: this.editor,
        pluginKey: slashMenuKey,
        char: '/',
        allowSpaces: false,
        // Not inside code, where a slash is just a slash.
        allow: ({ state, range }) => !state.doc.resolve(range.from).parent.type.spec.code,
        items: ({ query }) => bridge.items(query),
        command: ({ editor, range, props }: { editor: Editor; range: Range; props: BlockCommand }) => {
          editor.chain().focus().deleteRange(range).run();
          props.run(editor);
        },
        render: () => {
          const report = (props: {
            items: BlockCommand[];
            clientRect?: (() => DOMRect | null) | null;
            command: (item: BlockCommand) => void;
          }) =>
            bridge.show({ items: props.items, rect: props.clientRect?.() ?? null, choose: props.command });
          return {
            onStart: report,
            onUpdate: report,
            onKeyDown: ({ event }) => bridge.keyDown(event),
            onExit: () => bridge.show(null),
          };
        },
      }),
    ];
  },
});
