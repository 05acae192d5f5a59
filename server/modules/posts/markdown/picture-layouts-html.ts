import type MarkdownIt from 'markdown-it';
import type { GalleryMeta, PictureMeta } from '../../../../contracts/picture-layouts';

type RenderRules = MarkdownIt['renderer']['rules'];

/** A gallery's name for screen readers, which then read its pictures in order by their alt text. */
export function galleryLabel(count: number): string {
  return `Gallery, ${count} pictures`;
}

/**
 * Picture widths and galleries (decision 82) as HTML: a wide or full picture is a figure whose
 * class the stylesheets widen; a gallery is a figure grouping its pictures, named with their
 * number. Nothing else: a reader without our stylesheet (a feed reader, a mail program) shows
 * plain pictures one under the other.
 */
export function renderPictureLayouts(rules: RenderRules): void {
  rules.picture_open = (tokens, index) =>
    `<figure class="picture picture--${(tokens[index]!.meta as PictureMeta).width}">`;
  rules.picture_close = () => '</figure>\n';
  rules.gallery_open = (tokens, index) => {
    const { count } = tokens[index]!.meta as GalleryMeta;
    return `<figure class="gallery gallery--${count}" role="group" aria-label="${galleryLabel(count)}">`;
  };
  rules.gallery_close = () => '</figure>\n';
}
