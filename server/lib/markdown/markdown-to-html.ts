import escapeHtml from 'escape-html';
import hljs from 'highlight.js/lib/common';
import { Marked, type Token, type Tokens } from 'marked';

/** Block HTML shown as text keeps the author's line breaks, like any other paragraph. */
function escapeBlock(text: string): string {
  return escapeHtml(text.replace(/\s+$/, '')).replace(/\n/g, '<br>\n');
}

/** The language named after a code fence (```ts), when the highlighter knows it. */
function knownLanguage(lang: string | undefined): string | null {
  const name = lang?.trim().split(/\s+/)[0]?.toLowerCase();
  return name && hljs.getLanguage(name) ? name : null;
}

/**
 * Code blocks are highlighted here, on the server, so no highlighter ever ships to readers. Only a
 * fence that names its language is highlighted: guessing is slow and often wrong.
 */
function renderCode({ text, lang }: Tokens.Code): string {
  const language = knownLanguage(lang);
  if (language === null) return `<pre><code>${escapeHtml(text)}</code></pre>\n`;
  const highlighted = hljs.highlight(text, { language, ignoreIllegals: true }).value;
  return `<pre><code class="hljs language-${language}">${highlighted}</code></pre>\n`;
}

const marked = new Marked({
  gfm: true,
  // Line breaks of plain text are kept, so a post typed as prose reads as typed.
  breaks: true,
  renderer: {
    // No raw HTML runs. It is shown as the text the author typed, which is also what
    // a post quoting HTML means; the sanitizer behind this is the second line of defence.
    html(token: Tokens.HTML | Tokens.Tag) {
      return token.block ? `<p>${escapeBlock(token.text)}</p>\n` : escapeHtml(token.text);
    },
    code: renderCode,
  },
});

/**
 * Headings continue from the page's own heading without skipping a level. A heading
 * goes `base` levels below what the author typed (a post's `#` sits under its h1 title, so it is an
 * h2), but never more than one level below the heading before it: `### Notes` straight under the
 * title is an h2, not an h4.
 */
function assignHeadingLevels(tokens: Token[], base: number): void {
  let previous = base;
  marked.walkTokens(tokens, (token) => {
    if (token.type !== 'heading') return;
    const level = Math.min(6, token.depth + base, previous + 1);
    token.depth = level;
    previous = level;
  });
}

/** The first image in the text with an absolute web address: a post's picture for link previews. */
function firstImageUrl(tokens: Token[]): string | null {
  let found: string | null = null;
  marked.walkTokens(tokens, (token) => {
    if (found === null && token.type === 'image' && /^https?:\/\//i.test(token.href)) found = token.href;
  });
  return found;
}

export interface MarkdownHtml {
  /** HTML in which every tag comes from Markdown syntax, never from the author's own HTML. */
  html: string;
  firstImageUrl: string | null;
}

/**
 * Markdown → HTML. `base` is the level of the heading the text sits under: 1 for a post (under its
 * h1 title), 2 for a comment (under the discussion's h2).
 */
export function markdownToHtml(markdown: string, base = 1): MarkdownHtml {
  const tokens = marked.lexer(markdown);
  marked.walkTokens(tokens, (token) => {
    // Inside <script>/<pre> marked passes text through unescaped (it expects the raw block to be
    // output as HTML). We show that HTML as text, so its contents must be escaped too.
    if (token.type === 'text' && 'escaped' in token && token.escaped) token.escaped = false;
  });
  assignHeadingLevels(tokens, base);
  return { html: marked.parser(tokens), firstImageUrl: firstImageUrl(tokens) };
}
