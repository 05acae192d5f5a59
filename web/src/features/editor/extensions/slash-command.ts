import { Extension, type Editor, type Range } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { BlockCommand } from '../lib/block-commands';

/** What the `/` menu shows: its matches, where to draw it, and how to run a choice. */
export interface SlashMenuState {
  items: BlockCommand[];
  rect: DOMRect | null;
  choose: (item: BlockCommand) => void;
}

/** The React side of the menu: the extension reports to it and asks it about keys. */
export interface SlashMenuBridge {
  /** Fetches the menu's own parts (its blocks, its list); `items` is asked only once it resolved. */
  prepare: () => Promise<unknown>;
  items: (query: string, editor: Editor) => BlockCommand[];
  show: (state: SlashMenuState | null) => void;
  keyDown: (event: KeyboardEvent) => boolean;
}

export const slashMenuKey = new PluginKey('slashMenu');

/**
 * Typing `/` at the start of an empty line (or after a space) opens the block menu. The menu's
 * plugin (Tiptap's Suggestion, with floating-ui) and its parts (the blocks, the list) are not needed
 * to type, so they load at the first `/` typed; once registered the plugin reads the `/` (and
 * anything typed after it meanwhile) from the text.
 */
export const SlashCommand = Extension.create<{ bridge: SlashMenuBridge | null }>({
  name: 'slashCommand',
  addOptions() {
    return { bridge: null };
  },
  addProseMirrorPlugins() {
    const bridge = this.options.bridge;
    const editor = this.editor;
    if (!bridge) return [];
    let loading: Promise<void> | null = null;
    const load = () =>
      (loading ??= Promise.all([import('@tiptap/suggestion'), bridge.prepare()]).then(([{ Suggestion }]) => {
        if (editor.isDestroyed) return;
        const menu = Suggestion<BlockCommand, BlockCommand>({
          editor,
          pluginKey: slashMenuKey,
          char: '/',
          allowSpaces: false,
          // Not inside code, where a slash is just a slash.
          allow: ({ state, range }) => !state.doc.resolve(range.from).parent.type.spec.code,
          items: ({ query, editor: current }) => bridge.items(query, current),
          command: ({
            editor: current,
            range,
            props,
          }: {
            editor: Editor;
            range: Range;
            props: BlockCommand;
          }) => {
            current.chain().focus().deleteRange(range).run();
            props.run(current);
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
              // Also called when ProseMirror remakes every plugin's view, which it does whenever a
              // plugin is registered (the pointer's tools arriving while the menu is open): the
              // menu is still open then, and its keys and choice still work, so it stays.
              onExit: () => {
                if (editor.isDestroyed || !slashMenuKey.getState(editor.state)?.active) bridge.show(null);
              },
            };
          },
        });
        // First among the plugins, as an extension's would be: its keys (↑/↓/Enter/Escape while the
        // menu is open) come before the editor's own.
        editor.registerPlugin(menu, (plugin, plugins) => [plugin, ...plugins]);
        editor.view.dispatch(editor.state.tr);
      }));
    return [
      new Plugin({
        key: new PluginKey('slashMenuLoader'),
        props: {
          handleTextInput: (_view, _from, _to, text) => {
            if (text.includes('/')) void load();
            return false;
          },
        },
      }),
    ];
  },
});
