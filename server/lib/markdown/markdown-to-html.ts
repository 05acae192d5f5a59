import { Marked, type Tokens } from 'marked';

/**
 * Markdown → HTML on the server, with the rules of the web app's renderer
 * (web/src/features/posts/markdown/markdown-to-html.ts, issue 3 §2): GFM, the author's line
 * breaks kept, raw HTML shown as the text the author typed, headings pushed below the page's own.
 * The result still goes through the sanitizer (render-markdown.ts) before anyone sees it.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Block HTML shown as text keeps the author's line breaks, like any other paragraph. */
function escapeBlock(text: string): string {
  return escapeHtml(text.replace(/\s+$/, '')).replace(/\n/g, '<br>\n');
}

const instances = new Map<number, Marked>();

function markedFor(headingOffset: number): Marked {
  let instance = instances.get(headingOffset);
  if (instance) return instance;
  instance = new Marked({
    gfm: true,
    breaks: true,
    walkTokens(token) {
      // Inside <script>/<pre> marked passes text through unescaped, expecting the raw block to be
      // output as HTML. We show that HTML as text, so its contents must be escaped too.
      if (token.type === 'text' && 'escaped' in token && token.escaped) token.escaped = false;
    },
    renderer: {
      html(token: Tokens.HTML | Tokens.Tag) {
        return token.block ? `<p>${escapeBlock(token.text)}</p>\n` : escapeHtml(token.text);
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, depth + headingOffset);
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
    },
  });
  instances.set(headingOffset, instance);
  return instance;
}

/**
 * Markdown → HTML in which every tag comes from Markdown syntax, never from the author's HTML.
 * `headingOffset` pushes the author's headings below the page's: under a post's title (h1), the
 * author's `# Heading` becomes h2.
 */
export function markdownToHtml(markdown: string, headingOffset = 1): string {
  return markedFor(headingOffset).parse(markdown, { async: false });
}
