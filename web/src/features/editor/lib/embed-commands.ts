import type { Editor } from '@tiptap/core';
import { EMBED_PROVIDER_NAMES, recognizeEmbed } from '../../../../../contracts/embeds';

/** The embed block's attributes for an address, or null when no provider is known for it. */
function embedAttributes(address: string) {
  const embed = recognizeEmbed(address);
  return embed && { address, provider: embed.provider, label: EMBED_PROVIDER_NAMES[embed.provider] };
}

/**
 * The paragraph at `at`, if it still holds only `address` (a paste just put it there), becomes the
 * embed block for it (decision 81).
 */
export function embedParagraph(editor: Editor, at: number, address: string): void {
  const node = editor.state.doc.nodeAt(at);
  const attributes = embedAttributes(address);
  if (!attributes || node?.type.name !== 'paragraph' || node.textContent !== address) return;
  const embed = editor.schema.nodes.embed!.create(attributes);
  editor.view.dispatch(editor.state.tr.replaceWith(at, at + node.nodeSize, embed));
}

/**
 * The `/` menu's Embed: asks for the address, and puts its embed block where the menu was typed;
 * an address no provider is known for goes in as a link, and the writer is told.
 */
export function insertEmbed(editor: Editor): void {
  const answer = window.prompt(
    'Address of the video, pen, gist or post to embed (YouTube, Vimeo, CodePen, GitHub Gist, Bluesky, Mastodon)',
  );
  if (answer === null || answer.trim() === '') {
    editor.commands.focus();
    return;
  }
  const address = answer.trim();
  const attributes = embedAttributes(address);
  if (!attributes) {
    window.alert('No embed is known for this address: it goes in as a link.');
    editor
      .chain()
      .focus()
      .insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] })
      .run();
    return;
  }
  editor.chain().focus().insertContent({ type: 'embed', attrs: attributes }).run();
}
