import type MarkdownIt from 'markdown-it';

type Token = ReturnType<MarkdownIt['parse']>[number];

/**
 * How wide a picture alone in its paragraph shows (decision 82). Text width is the default and is
 * written as nothing; the others are an attribute block right after the picture,
 * `![alt](src){width=wide}`, as Pandoc and markdown-it-attrs write attributes.
 */
export const PICTURE_WIDTHS = ['wide', 'full'] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** A gallery holds this many pictures, side by side. */
export const GALLERY_MIN = 2;
export const GALLERY_MAX = 3;

/** What a `picture_open` token, and its `image`, carry in `meta`. */
export interface PictureMeta {
  width: PictureWidth;
}

/** What a `gallery_open` token carries in `meta`. */
export interface GalleryMeta {
  count: number;
}

/** Exactly `{width=wide}` or `{width=full}`: anything else stays the text the author typed. */
const WIDTH_ATTRIBUTE = /^\{width=(wide|full)\}$/;

/** The Markdown a picture's width is written as (nothing for text width). */
export function widthAttribute(width: PictureWidth | null | undefined): string {
  return width ? `{width=${width}}` : '';
}

/** The width a picture token carries, if any. */
export function pictureWidth(token: Token): PictureWidth | null {
  const width = (token.meta as Partial<PictureMeta> | null)?.width;
  return width && (PICTURE_WIDTHS as readonly string[]).includes(width) ? width : null;
}

function isGap(token: Token): boolean {
  return token.type === 'softbreak' || (token.type === 'text' && token.content.trim() === '');
}

/**
 * Picture widths and galleries (decision 82), read from paragraphs once the inline rules have run:
 *
 * - a paragraph holding one picture followed at once by `{width=wide}` or `{width=full}` becomes
 *   `picture_open`/`picture_close` around it, the width in both the paragraph's and the picture's
 *   `meta`, and the attribute leaves the text;
 * - a paragraph holding only 2 or 3 pictures, separated by spaces or single line breaks, becomes
 *   `gallery_open`/`gallery_close` around the pictures alone (GitHub shows them side by side too).
 *
 * Anything else, an unknown width, a width inside a gallery, four pictures, words beside a picture,
 * stays the paragraph it was, the attribute as text, so every Markdown reader shows the same thing.
 */
export function pictureLayouts(md: MarkdownIt): void {
  md.core.ruler.push('picture_layouts', (state) => {
    const tokens = state.tokens;
    for (let index = 0; index + 2 < tokens.length; index += 1) {
      const open = tokens[index]!;
      const inline = tokens[index + 1]!;
      const close = tokens[index + 2]!;
      if (open.type !== 'paragraph_open' || inline.type !== 'inline' || close.type !== 'paragraph_close')
        continue;
      const children = inline.children ?? [];
      const [image, attribute, ...rest] = children;
      const width = attribute?.type === 'text' ? WIDTH_ATTRIBUTE.exec(attribute.content)?.[1] : undefined;
      if (image?.type === 'image' && width && rest.length === 0) {
        const meta = { width: width as PictureWidth } satisfies PictureMeta;
        open.type = 'picture_open';
        close.type = 'picture_close';
        open.meta = meta;
        image.meta = meta;
        inline.children = [image];
        continue;
      }
      const images = children.filter((child) => child.type === 'image');
      if (
        images.length >= GALLERY_MIN &&
        images.length <= GALLERY_MAX &&
        children.every((child) => child.type === 'image' || isGap(child))
      ) {
        open.type = 'gallery_open';
        close.type = 'gallery_close';
        open.meta = { count: images.length } satisfies GalleryMeta;
        inline.children = images;
      }
    }
  });
}
