import DOMPurify from 'dompurify';
import { markdownToHtml } from './markdown-to-html';

/** Issue 3 §2: links in what people wrote carry no endorsement and get no handle on this page. */
export const USER_LINK_REL = 'noopener nofollow ugc';

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('rel', USER_LINK_REL);
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    // Images from other hosts learn nothing about the page they appear on.
    node.setAttribute('referrerpolicy', 'no-referrer');
  }
});

/**
 * Markdown → sanitized HTML, ready for dangerouslySetInnerHTML. marked already escapes raw HTML;
 * DOMPurify then drops anything executable that could still slip through (javascript: URLs, event
 * handlers), and inline styles, which the CSP refuses anyway.
 *
 * This module carries marked and DOMPurify, so it is loaded on demand (markdown-content.tsx) and
 * never weighs on the first load of the post list.
 */
export function renderMarkdown(markdown: string, headingOffset = 1): string {
  return DOMPurify.sanitize(markdownToHtml(markdown, headingOffset), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'option'],
    FORBID_ATTR: ['style'],
  });
}
