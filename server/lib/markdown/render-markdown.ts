import sanitizeHtml from 'sanitize-html';
import { markdownToHtml } from './markdown-to-html';

/** Issue 3 §2: links in what people wrote carry no endorsement and get no handle on the page. */
export const USER_LINK_REL = 'noopener nofollow ugc';

export interface RenderOptions {
  /** How far below h1 the author's headings go (see markdownToHtml). */
  headingOffset?: number;
  /**
   * Resolve relative links and images against this address. A feed reader shows the HTML away
   * from the site, where `/profile?userId=…` would lead nowhere.
   */
  baseUrl?: string;
}

/** Every tag Markdown (GFM) produces, and nothing else. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  'del',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'input',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

function absolute(url: string | undefined, baseUrl: string | undefined): string | undefined {
  if (url === undefined || baseUrl === undefined) return url;
  try {
    return new URL(url, `${baseUrl}/`).toString();
  } catch {
    // Not a URL at all: the scheme check below decides what happens to it.
    return url;
  }
}

function policy(baseUrl: string | undefined): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'loading', 'referrerpolicy'],
      // GFM task lists: a disabled checkbox, never a form control anyone can use.
      input: [{ name: 'type', values: ['checkbox'] }, 'checked', 'disabled'],
      ol: ['start'],
      th: ['align'],
      td: ['align'],
      code: ['class'],
    },
    allowedClasses: { code: [/^language-[\w-]+$/] },
    // No javascript:, vbscript: or data: links; images may be inline data.
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...withUrl(attribs, 'href', baseUrl), rel: USER_LINK_REL },
      }),
      // Images from other hosts learn nothing about the page they appear on.
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...withUrl(attribs, 'src', baseUrl), loading: 'lazy', referrerpolicy: 'no-referrer' },
      }),
    },
  };
}

function withUrl(
  attribs: sanitizeHtml.Attributes,
  name: string,
  baseUrl: string | undefined,
): sanitizeHtml.Attributes {
  const url = absolute(attribs[name], baseUrl);
  return url === undefined ? attribs : { ...attribs, [name]: url };
}

// Built once per base address (in practice: none, and PUBLIC_URL).
const policies = new Map<string | undefined, sanitizeHtml.IOptions>();

function policyFor(baseUrl: string | undefined): sanitizeHtml.IOptions {
  let options = policies.get(baseUrl);
  if (!options) {
    options = policy(baseUrl);
    policies.set(baseUrl, options);
  }
  return options;
}

/**
 * Markdown → sanitized HTML, on the server, without a browser DOM. markdownToHtml already shows
 * raw HTML as text; sanitize-html then keeps only what Markdown itself makes, drops executable
 * URLs (javascript:, encoded or not) and event handlers, and marks links and images as the web
 * app's DOMPurify pass does.
 */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  const html = markdownToHtml(markdown, options.headingOffset ?? 1);
  return sanitizeHtml(html, policyFor(options.baseUrl));
}
