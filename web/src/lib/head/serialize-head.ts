import escapeHtml from 'escape-html';
import { jsonForScript } from '../../../../contracts/html-escape';
import type { DocumentHead, HeadElement } from './document-head';

/** Marks the head elements a page owns, so the browser can replace them on the next page. */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

function serializeElement({ tag, attributes, json }: HeadElement): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  const open = `<${tag}${attrs} ${PAGE_HEAD_ATTRIBUTE}>`;
  return tag === 'script' ? `${open}${jsonForScript(json ?? null)}</script>` : open;
}

/** The head as HTML, for the server: every value escaped for where it lands. */
export function serializeHead(head: DocumentHead): string {
  return [`<title>${escapeHtml(head.title)}</title>`, ...head.elements.map(serializeElement)].join('\n');
}
