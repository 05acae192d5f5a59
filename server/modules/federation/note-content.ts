import TurndownService from 'turndown';
import { COMMENT_MAX } from '../../../contracts/comments';
import { sanitizeHtml } from '../posts/markdown/sanitize-html';

let service: TurndownService | undefined;

/**
 * A remote Note's HTML as a comment's Markdown (decision 0084): first cut down by the comments'
 * own sanitizer (no scripts, handlers, styles or unsafe addresses survive even as text), then
 * written as Markdown, which the discussion renders and sanitizes again like any comment. Clipped
 * to a comment's length; '' when nothing is left.
 */
export function noteToMarkdown(html: string): string {
  return remoteHtmlToMarkdown(html, COMMENT_MAX);
}

/** The same, clipped to `max` characters: a followed account's post kept for a timeline (decision 0090). */
export function remoteHtmlToMarkdown(html: string, max: number): string {
  const safe = sanitizeHtml(html);
  service ??= new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  const markdown = service.turndown(safe).trim();
  return markdown.length <= max ? markdown : markdown.slice(0, max).trimEnd();
}
