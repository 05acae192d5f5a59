import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import type MarkdownIt from 'markdown-it';
import { MarkdownParser } from 'prosemirror-markdown';
import { EMBED_PROVIDER_NAMES } from '../../../../../contracts/embeds';
import {
  createMarkdownIt,
  taskItemState,
  type CalloutMeta,
  type EmbedMeta,
} from '../../../../../contracts/markdown-dialect';
import { pictureWidth, type GalleryMeta } from '../../../../../contracts/picture-layouts';
import { keepEveryFootnote } from './footnotes';
import { liftImages } from './lift-images';
import { pictureBlocks } from './picture-blocks';

/**
 * Markdown in (specification §7: a post's `content` is Markdown): the project's one Markdown
 * dialect (contracts/markdown-dialect.ts, the server renders with it too) reads it into the
 * editor's schema. The mapping is ours because Tiptap names its nodes differently from
 * prosemirror-markdown's defaults. markdown-it is most of the editor's Markdown weight, and a new
 * post has nothing to read, so the editor loads this module only when it has Markdown to read
 * (a post being edited, a copy restored; decision 43).
 */
export type ParseMarkdown = (markdown: string) => ProseMirrorNode;

function tokenizer(): MarkdownIt {
  const md = createMarkdownIt();
  liftImages(md);
  pictureBlocks(md);
  keepEveryFootnote(md);
  return md;
}

type Token = ReturnType<MarkdownIt['parse']>[number];

function imageAttributes(token: Token) {
  return {
    src: token.attrGet('src'),
    title: token.attrGet('title') || null,
    alt: token.children?.map((child) => child.content).join('') || null,
  };
}

/** A table cell's alignment, which markdown-it gives as a style. */
function cellAttributes(token: Token) {
  return { align: /text-align:(left|right|center)/.exec(token.attrGet('style') ?? '')?.[1] ?? null };
}

/** An embed's address as written, and its provider for the block to show (decision 81). */
export function embedAttributes(token: Token) {
  const { address, embed } = token.meta as EmbedMeta;
  return { address, provider: embed.provider, label: EMBED_PROVIDER_NAMES[embed.provider] };
}

function footnoteLabel(token: Token) {
  return { label: String((token.meta as { label?: unknown } | null)?.label ?? '') };
}

function createParser(schema: Schema): MarkdownParser {
  return new MarkdownParser(schema, tokenizer(), {
    blockquote: { block: 'blockquote' },
    callout: { block: 'callout', getAttrs: (token) => ({ kind: (token.meta as CalloutMeta).kind }) },
    paragraph: { block: 'paragraph' },
    list_item: { block: 'listItem', getAttrs: (token) => ({ checked: taskItemState(token) }) },
    // The item says whether it is ticked (above); the box itself is drawn by the editor.
    task_checkbox: { ignore: true, noCloseToken: true },
    bullet_list: { block: 'bulletList' },
    ordered_list: {
      block: 'orderedList',
      getAttrs: (token) => ({ start: Number(token.attrGet('start') ?? 1) }),
    },
    heading: { block: 'heading', getAttrs: (token) => ({ level: Number(token.tag.slice(1)) }) },
    code_block: { block: 'codeBlock', noCloseToken: true },
    fence: {
      block: 'codeBlock',
      getAttrs: (token) => ({ language: token.info.trim().split(/\s+/)[0] || null }),
      noCloseToken: true,
    },
    hr: { node: 'horizontalRule' },
    embed: { node: 'embed', getAttrs: embedAttributes },
    image_block: {
      node: 'image',
      getAttrs: (token) => ({ ...imageAttributes(token), layout: pictureWidth(token) }),
    },
    gallery: { block: 'gallery', getAttrs: (token) => ({ count: (token.meta as GalleryMeta).count }) },
    // A picture left in a table cell or a heading, where no block can stand.
    image: { node: 'inlineImage', getAttrs: imageAttributes },
    table: { block: 'table' },
    thead: { ignore: true },
    tbody: { ignore: true },
    tr: { block: 'tableRow' },
    th: { block: 'tableHeader', getAttrs: cellAttributes },
    td: { block: 'tableCell', getAttrs: cellAttributes },
    footnote_ref: { node: 'footnoteReference', getAttrs: footnoteLabel },
    footnote_block: { ignore: true },
    footnote: { block: 'footnoteDefinition', getAttrs: footnoteLabel },
    footnote_anchor: { ignore: true, noCloseToken: true },
    hardbreak: { node: 'hardBreak' },
    // The server renders with `breaks: true` (a typed line break is kept), so the editor does too.
    softbreak: { node: 'hardBreak' },
    em: { mark: 'italic' },
    strong: { mark: 'bold' },
    s: { mark: 'strike' },
    link: {
      mark: 'link',
      getAttrs: (token) => ({ href: token.attrGet('href'), title: token.attrGet('title') || null }),
    },
    code_inline: { mark: 'code', noCloseToken: true },
  });
}

export function createMarkdownParser(schema: Schema): ParseMarkdown {
  const parser = createParser(schema);
  return (markdown) => parser.parse(markdown);
}
