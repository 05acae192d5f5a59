import { Marked, type Tokens } from 'marked';

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

/**
 * `headingOffset` pushes the author's headings below the page's own: a post's `# Heading` sits
 * under the post title (h1), so it becomes h2; in a comment it sits under the comment's own heading.
 */
function markedFor(headingOffset: number): Marked {
  let instance = instances.get(headingOffset);
  if (instance) return instance;
  instance = new Marked({
    gfm: true,
    // Issue 3 §2: line breaks of plain text are kept, so a post typed as prose reads as typed.
    breaks: true,
    walkTokens(token) {
      // Inside <script>/<pre> marked passes text through unescaped (it expects the raw block to
      // be output as HTML). We show that HTML as text, so its contents must be escaped too.
      if (token.type === 'text' && 'escaped' in token && token.escaped) token.escaped = false;
    },
    renderer: {
      // Issue 3 §2: no raw HTML runs. It is shown as the text the author typed, which is also
      // what a post quoting HTML means; DOMPurify behind this is the second line of defence.
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

/** Markdown → HTML in which every tag comes from Markdown syntax, never from the author's HTML. */
export function markdownToHtml(markdown: string, headingOffset = 1): string {
  return markedFor(headingOffset).parse(markdown, { async: false });
}
