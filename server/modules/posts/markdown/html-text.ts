import { decodeHTML } from 'entities';
import { collapseSpace } from '../../../../contracts/passage-anchor';

/**
 * The text a browser's `textContent` gives for sanitized HTML, white space collapsed: what an
 * in-line comment's passage is looked for in (contracts/passage-anchor.ts), the same words the
 * read page joins from its text nodes. Tags add nothing (not even `<br>` or an image's alt text,
 * as in `textContent`) and entities are decoded the way an HTML parser decodes text.
 *
 * Only for the sanitizer's output (sanitize-html.ts): there, text and attribute values never hold
 * a raw `<` or `>`, and there are no comments, scripts or CDATA, so splitting at tags is exact.
 */
export function htmlToText(html: string): string {
  return collapseSpace(decodeHTML(html.replace(/<[^>]*>/g, '')));
}
