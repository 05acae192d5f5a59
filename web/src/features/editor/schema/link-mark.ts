import { combineTransactionSteps, getChangedRanges, InputRule, Mark } from '@tiptap/core';
import type { MarkType, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type TextSelection } from '@tiptap/pm/state';
import {
  findWebAddresses,
  isSafeHref,
  webAddressInLastWord,
  wholeWebAddress,
  type WebAddress,
} from '../lib/web-addresses';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    link: {
      /** Links the selection (refused for an address the editor does not keep, such as `javascript:`). */
      setLink: (attributes: { href: string; title?: string | null }) => ReturnType;
      /** Removes the link around the selection or the caret. */
      unsetLink: () => ReturnType;
    };
  }
}

/**
 * Links: `[text](address "title")` in Markdown. Ours rather than Tiptap's Link extension, which
 * with its address recognizer (linkifyjs) was about 9 KB of the writing page's first load on the
 * wire, for what our own small one does (decision 47): an address typed and followed by a space or
 * Enter becomes a link, and so does an address pasted, or pasted over selected text.
 *
 * Typing after a link does not extend it (`inclusive: false`), as in a word processor.
 */
export const LinkMark = Mark.create({
  name: 'link',
  // Before bold, italic and code, so a link wraps them in the DOM and in Markdown.
  priority: 1000,
  inclusive: false,
  keepOnSplit: false,
  exitable: true,

  addAttributes() {
    return {
      href: { default: null },
      title: { default: null },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'a[href]',
        getAttrs: (element) => {
          const href = element.getAttribute('href');
          return href && isSafeHref(href) ? { href, title: element.getAttribute('title') } : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    const { href, title } = HTMLAttributes as { href?: unknown; title?: unknown };
    return [
      'a',
      {
        href: typeof href === 'string' && isSafeHref(href) ? href : null,
        title: typeof title === 'string' && title ? title : null,
        rel: 'noopener noreferrer nofollow',
      },
      0,
    ];
  },

  addCommands() {
    return {
      setLink:
        (attributes) =>
        ({ commands }) =>
          isSafeHref(attributes.href) && commands.setMark(this.name, attributes),
      unsetLink:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name, { extendEmptyMarkRange: true }),
    };
  },

  addInputRules() {
    const type = this.type;
    return [
      new InputRule({
        // The text before the caret and what was just typed: a space or a tab after an address.
        find: (text) => {
          if (!/^[^\S\n]$/.test(text.at(-1) ?? '')) return null;
          const address = webAddressInLastWord(text.slice(0, -1));
          return address
            ? { index: address.index, text: text.slice(address.index), data: { address } }
            : null;
        },
        handler: ({ state, range, match }) => {
          const address = (match.data as { address: WebAddress }).address;
          return linkAddress(state, type, range.from, address) ? undefined : null;
        },
        // Backspace after the space deletes the space, as it would anywhere else.
        undoable: false,
      }),
    ];
  },

  addProseMirrorPlugins() {
    const type = this.type;
    return [
      new Plugin({
        key: new PluginKey('linkAddresses'),
        props: {
          // An address ended by Enter is linked as one ended by a space. The link is added here and
          // the key goes on to the editor's own Enter (a new paragraph, list item…), so it is not
          // an input rule, which would take the key.
          handleKeyDown: (view, event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey)
              return false;
            const { $cursor } = view.state.selection as TextSelection;
            if (!$cursor || $cursor.parent.type.spec.code) return false;
            const before = $cursor.parent.textBetween(0, $cursor.parentOffset, undefined, '\ufffc');
            const address = webAddressInLastWord(before);
            if (!address) return false;
            const { tr } = view.state;
            if (linkAddress(view.state, type, $cursor.start() + address.index, address, tr))
              view.dispatch(tr);
            return false;
          },
          // An address pasted over selected words links those words to it.
          handlePaste: (view, _event, slice) => {
            const { selection } = view.state;
            if (selection.empty || selection.$from.parent.type.spec.code) return false;
            const address = wholeWebAddress(slice.content.textBetween(0, slice.content.size, ' '));
            if (!address) return false;
            view.dispatch(
              view.state.tr.addMark(selection.from, selection.to, type.create({ href: address.href })),
            );
            return true;
          },
        },
        // Addresses in pasted or dropped text become links.
        appendTransaction: (transactions, before, state) => {
          const pasted = transactions.some((transaction) =>
            ['paste', 'drop'].includes(transaction.getMeta('uiEvent') as string),
          );
          if (!pasted) return null;
          const { tr } = state;
          const changes = getChangedRanges(combineTransactionSteps(before.doc, [...transactions]));
          for (const { newRange } of changes) {
            state.doc.nodesBetween(newRange.from, newRange.to, (node, position) => {
              if (node.type.spec.code) return false;
              if (!node.isTextblock) return true;
              for (const address of addressesIn(node)) {
                const from = position + 1 + address.index;
                const to = from + address.text.length;
                // Only what this paste brought in.
                if (to > newRange.from && from < newRange.to) linkAddress(state, type, from, address, tr);
              }
              return false;
            });
          }
          return tr.steps.length > 0 ? tr : null;
        },
      }),
    ];
  },
});

/** The addresses in a paragraph or heading, with each non-text node counted as one character. */
function addressesIn(textblock: ProseMirrorNode): WebAddress[] {
  return findWebAddresses(textblock.textBetween(0, textblock.content.size, undefined, '\ufffc'));
}

/**
 * Adds the link over an address found at `from`, unless the writer already linked it or it is code.
 * Returns whether it did.
 */
function linkAddress(
  state: EditorState,
  type: MarkType,
  from: number,
  address: WebAddress,
  tr = state.tr,
): boolean {
  const to = from + address.text.length;
  const code = state.schema.marks.code;
  if (tr.doc.rangeHasMark(from, to, type) || (code && tr.doc.rangeHasMark(from, to, code))) return false;
  tr.addMark(from, to, type.create({ href: address.href }));
  return true;
}
