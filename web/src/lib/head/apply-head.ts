import type { DocumentHead } from './document-head';
import { PAGE_HEAD_ATTRIBUTE } from './serialize-head';

let applied = '';

/**
 * Keeps the head right after a client-side navigation: the title, and the page's own elements
 * replaced by the new page's. Built through the DOM, so nothing needs escaping here, and a JSON-LD
 * block added this way is data, never run.
 */
export function applyHead(head: DocumentHead): void {
  const key = JSON.stringify(head);
  if (key === applied) return;
  applied = key;
  document.title = head.title;
  for (const old of document.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)) old.remove();
  for (const { tag, attributes, json } of head.elements) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(PAGE_HEAD_ATTRIBUTE, '');
    if (json !== undefined) element.textContent = JSON.stringify(json);
    document.head.append(element);
  }
}
