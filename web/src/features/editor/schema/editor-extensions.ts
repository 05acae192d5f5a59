import type { AnyExtension } from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading } from '@tiptap/extension-heading';
import { HorizontalRule } from '@tiptap/extension-horizontal-rule';
import { Image } from '@tiptap/extension-image';
import { Italic } from '@tiptap/extension-italic';
import { BulletList, ListKeymap, OrderedList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Strike } from '@tiptap/extension-strike';
import { Text } from '@tiptap/extension-text';
import { Gapcursor, TrailingNode, UndoRedo } from '@tiptap/extensions';
import { LinkMark } from './link-mark';
import {
  Callout,
  Embed,
  FootnoteDefinition,
  FootnoteReference,
  InlineImage,
  Table,
  TableCell,
  TableHeader,
  TableRow,
  TaskListItem,
} from './markdown-blocks';
import { Gallery, GalleryNormalizer, layoutAttribute, layoutOf } from './picture-layouts';

/**
 * The image block: a picture with alt text and a caption. In Markdown it is `![alt](src "caption")`,
 * so the caption travels in the title, and the editor draws it under the picture.
 */
export const CaptionedImage = Image.extend({
  draggable: true,
  addAttributes() {
    // Text width, wide or full (decision 82, picture-layouts.ts).
    return { ...this.parent?.(), layout: layoutAttribute };
  },
  renderHTML({ HTMLAttributes, node }) {
    const { title, ...imageAttributes } = HTMLAttributes as Record<string, unknown>;
    const caption = typeof title === 'string' ? title : '';
    const layout = node.attrs.layout as string | null;
    return [
      'figure',
      { class: layout ? `editor-figure editor-figure--${layout}` : 'editor-figure' },
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
  return { ...attributes, title: caption || attributes.title, layout: layoutOf(element) };
}

/**
 * The blocks the editor knows, and nothing else: paragraph, headings, quote, lists (with task
 * items), code block with its language, image, divider, table, footnotes, callout, embed; bold, italic,
 * strike-through, inline code and link: what the Markdown dialect has (decision 54). Anything pasted
 * is cleaned to these by ProseMirror's schema-driven parser. Underline is left out: Markdown has
 * none. Named one by one rather than through Tiptap's starter kit, which would bring underline and
 * its own link extension into the bundle.
 */
export function editorExtensions(): AnyExtension[] {
  return [
    Document,
    Paragraph,
    Text,
    Heading.configure({ levels: [1, 2, 3, 4, 5, 6] }),
    Blockquote,
    BulletList,
    OrderedList,
    TaskListItem,
    ListKeymap,
    CodeBlock.configure({ defaultLanguage: null, HTMLAttributes: { spellcheck: 'false' } }),
    HorizontalRule,
    HardBreak,
    CaptionedImage,
    Gallery,
    GalleryNormalizer,
    InlineImage,
    Table,
    TableRow,
    TableHeader,
    TableCell,
    FootnoteReference,
    FootnoteDefinition,
    Callout,
    Embed,
    Bold,
    Italic,
    Strike,
    Code,
    LinkMark,
    UndoRedo,
    // The drop cursor comes with the drag handle, when a pointer is over the body
    // (extensions/pointer-tools.ts).
    Gapcursor,
    TrailingNode,
  ];
}
