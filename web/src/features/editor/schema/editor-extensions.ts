import type { AnyExtension } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { StarterKit } from '@tiptap/starter-kit';

/**
 * The image block: a picture with alt text and a caption. In Markdown it is `![alt](src "caption")`,
 * so the caption travels in the title, and the editor draws it under the picture.
 */
export const CaptionedImage = Image.extend({
  draggable: true,
  renderHTML({ HTMLAttributes }) {
    const { title, ...imageAttributes } = HTMLAttributes as Record<string, unknown>;
    const caption = typeof title === 'string' ? title : '';
    return [
      'figure',
      { class: 'editor-figure' },
      ['img', { ...imageAttributes, title: caption || null }],
      [
        'figcaption',
        { class: caption ? 'editor-figure__caption' : 'editor-figure__caption is-empty' },
        caption,
      ],
    ];
  },
  parseHTML() {
    return [
      { tag: 'figure', contentElement: 'img', getAttrs: figureAttributes },
      { tag: 'img[src]', getAttrs: imageAttributes },
    ];
  },
}).configure({ inline: false, allowBase64: false });

function imageAttributes(element: HTMLElement) {
  const src = element.getAttribute('src');
  // Pictures only from addresses a reader's browser can fetch (no data: or file: pasted from Word).
  if (!src || (!/^(https?:)?\/\//i.test(src) && !src.startsWith('/'))) return false;
  return { src, alt: element.getAttribute('alt'), title: element.getAttribute('title') };
}

function figureAttributes(element: HTMLElement) {
  const image = element.querySelector('img');
  if (!image) return false;
  const attributes = imageAttributes(image);
  if (!attributes) return false;
  const caption = element.querySelector('figcaption')?.textContent?.trim();
  return { ...attributes, title: caption || attributes.title };
}

/**
 * The blocks the editor knows, and nothing else: paragraph, headings, quote, lists, code block with
 * its language, image, divider; bold, italic, inline code and link. Anything pasted is cleaned to
 * these by ProseMirror's schema-driven parser. Strike-through and underline are left out: they are
 * not among our blocks, and underline has no Markdown.
 */
export function editorExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      strike: false,
      underline: false,
      link: { openOnClick: false, autolink: true, linkOnPaste: true, defaultProtocol: 'https' },
      codeBlock: { defaultLanguage: null, HTMLAttributes: { spellcheck: 'false' } },
    }),
    CaptionedImage,
  ];
}
