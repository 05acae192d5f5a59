import { markdownToHtml, type EmbedForm, type MarkdownHtml } from './markdown-to-html';
import { sanitizeHtml } from './sanitize-html';

export type RenderedMarkdown = MarkdownHtml;

const MAX_ENTRIES = 2_000;

/**
 * What people wrote, rendered once on the server: Markdown to HTML, highlighted
 * and sanitized. The same text always renders the same, so recent results are kept in memory: a
 * post read a thousand times is rendered once, whatever the response cache does.
 */
export class MarkdownRenderer {
  private readonly recent = new Map<string, RenderedMarkdown>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  /**
   * `base`: the level of the heading the text sits under (see markdownToHtml). `baseUrl`: resolve
   * relative addresses against it, for HTML read away from the site (feeds). `embeds`: an embed as
   * a click-to-load card (a page with our script) or as its link (anywhere else; decision 81).
   */
  render(markdown: string, base: number, baseUrl?: string, embeds: EmbedForm = 'link'): RenderedMarkdown {
    const key = `${base}\u0000${baseUrl ?? ''}\u0000${embeds}\u0000${markdown}`;
    const cached = this.recent.get(key);
    if (cached) {
      // Map order is insertion order: moving a hit to the end keeps the least recent first.
      this.recent.delete(key);
      this.recent.set(key, cached);
      return cached;
    }
    const rendered = markdownToHtml(markdown, base, embeds);
    const result = { html: sanitizeHtml(rendered.html, baseUrl), firstImageUrl: rendered.firstImageUrl };
    if (this.recent.size >= this.maxEntries) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    this.recent.set(key, result);
    return result;
  }
}
