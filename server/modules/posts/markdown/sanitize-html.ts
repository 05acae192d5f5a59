import sanitize from 'sanitize-html';
import { EMBED_PROVIDERS } from '../../../../contracts/embeds';

/** Links in what people wrote carry no endorsement and get no handle on this page. */
export const USER_LINK_REL = 'noopener nofollow ugc';

/**
 * Resolves `url` against `baseUrl`. A feed reader shows a post away from the site, where
 * `/profile?userId=…` would lead nowhere; on the site's own pages addresses stay as written.
 */
function absolute(url: string | undefined, baseUrl: string | undefined): string | undefined {
  // `#fn-…`: a footnote on the same page; a feed reader resolves it against the post's own address.
  if (url === undefined || baseUrl === undefined || url.startsWith('#')) return url;
  try {
    return new URL(url, `${baseUrl}/`).toString();
  } catch {
    // Not an address at all: the scheme check decides what happens to it.
    return url;
  }
}

function withAbsolute(
  attribs: sanitize.Attributes,
  name: string,
  baseUrl: string | undefined,
): sanitize.Attributes {
  const url = absolute(attribs[name], baseUrl);
  return url === undefined ? attribs : { ...attribs, [name]: url };
}

/**
 * The only ids in rendered text are footnotes' (`fn-<digest>-1`, `fnref-<digest>-1:2`, made by
 * markdown-to-html.ts): any other id could clash with the page's own or shadow a global in scripts.
 */
const FOOTNOTE_ID = /^fn(ref)?-[0-9a-f]{8}-\d+(:\d+)?$|^fn-[0-9a-f]{8}-label$/;

function footnoteId(attribs: sanitize.Attributes): sanitize.Attributes {
  if (attribs.id === undefined || FOOTNOTE_ID.test(attribs.id)) return attribs;
  const { id: _dropped, ...rest } = attribs;
  return rest;
}

/** The values a callout's attributes may take (sanitize-html would keep any other as empty). */
const CALLOUT_VALUES: Record<string, readonly string[]> = {
  role: ['note'],
  'aria-label': ['Note', 'Tip', 'Warning'],
  'aria-hidden': ['true'],
};

function calloutValues(attribs: sanitize.Attributes): sanitize.Attributes {
  return Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) => CALLOUT_VALUES[name]?.includes(value) ?? true),
  );
}

/** A gallery's figure (decision 82): a group named by its number of pictures, and nothing else. */
const FIGURE_VALUES: Record<string, RegExp> = { role: /^group$/, 'aria-label': /^Gallery, [23] pictures$/ };

function figureValues(attribs: sanitize.Attributes): sanitize.Attributes {
  return Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) => FIGURE_VALUES[name]?.test(value) ?? true),
  );
}

/** A reference describes itself only by its footnotes' heading (`fn-<digest>-label`). */
const FOOTNOTES_LABEL = /^fn-[0-9a-f]{8}-label$/;

function footnoteDescription(attribs: sanitize.Attributes): sanitize.Attributes {
  const described = attribs['aria-describedby'];
  if (described === undefined || FOOTNOTES_LABEL.test(described)) return attribs;
  const { 'aria-describedby': _dropped, ...rest } = attribs;
  return rest;
}

/** An embed's card names one of the known providers (decision 81), and no other. */
function embedProvider(attribs: sanitize.Attributes): sanitize.Attributes {
  const provider = attribs['data-embed'];
  if (provider === undefined || (EMBED_PROVIDERS as readonly string[]).includes(provider)) return attribs;
  const { 'data-embed': _dropped, ...rest } = attribs;
  return rest;
}

const policy = (baseUrl: string | undefined): sanitize.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'ul',
    'ol',
    'li',
    'pre',
    'code',
    'span',
    'strong',
    'em',
    'del',
    's',
    'a',
    'img',
    'input',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    // Footnotes: the reference, and the notes' section at the end.
    'sup',
    'section',
    // Callouts (decision 69).
    'aside',
    // Embeds' cards (decision 81): never a frame, which only the reader's click brings.
    'div',
    // Wide and full pictures, galleries (decision 82).
    'figure',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'id', 'aria-label', 'aria-describedby'],
    li: ['id'],
    // The footnotes' heading, which references point to (aria-describedby).
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    // A callout: a note named by its kind, and its kind written out for sight alone.
    aside: ['role', 'aria-label'],
    p: ['aria-hidden'],
    // An embed's card: which provider, for the read page's script and its Content-Security-Policy.
    div: ['data-embed'],
    // A gallery: a group named by its number of pictures.
    figure: ['role', 'aria-label'],
    img: ['src', 'alt', 'title', 'loading', 'decoding', 'referrerpolicy'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    pre: ['tabindex'],
    table: ['tabindex'],
    // GFM task lists: a checkbox that shows the state and cannot be changed.
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: {
    code: ['hljs', 'language-*'],
    sup: ['footnote-ref'],
    hr: ['footnotes-sep'],
    section: ['footnotes'],
    ol: ['footnotes-list'],
    li: ['footnote-item'],
    h2: ['visually-hidden'],
    h3: ['visually-hidden'],
    h4: ['visually-hidden'],
    h5: ['visually-hidden'],
    h6: ['visually-hidden'],
    aside: ['callout', 'callout--note', 'callout--tip', 'callout--warning'],
    p: ['callout__title'],
    div: ['embed', ...EMBED_PROVIDERS.map((provider) => `embed--${provider}`)],
    a: ['footnote-backref', 'embed__link'],
    span: ['hljs-*', 'embed__provider', 'embed__title', 'embed__action'],
    figure: ['picture', 'picture--wide', 'picture--full', 'gallery', 'gallery--2', 'gallery--3'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Anything else is dropped with its tags, keeping its text (the renderer already shows raw HTML as text).
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...footnoteDescription(footnoteId(withAbsolute(attribs, 'href', baseUrl))),
        rel: USER_LINK_REL,
      },
    }),
    li: (tagName, attribs) => ({ tagName, attribs: footnoteId(attribs) }),
    aside: (tagName, attribs) => ({ tagName, attribs: calloutValues(attribs) }),
    p: (tagName, attribs) => ({ tagName, attribs: calloutValues(attribs) }),
    div: (tagName, attribs) => ({ tagName, attribs: embedProvider(attribs) }),
    figure: (tagName, attribs) => ({ tagName, attribs: figureValues(attribs) }),
    ...Object.fromEntries(
      ['h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [
        tag,
        (tagName: string, attribs: sanitize.Attributes) => ({ tagName, attribs: footnoteId(attribs) }),
      ]),
    ),
    img: (tagName, attribs) => ({
      tagName,
      // Images from other hosts learn nothing about the page they appear on, and wait their turn.
      attribs: {
        ...withAbsolute(attribs, 'src', baseUrl),
        loading: 'lazy',
        decoding: 'async',
        referrerpolicy: 'no-referrer',
      },
    }),
    // A code block or a table wider than the column scrolls; keyboard users must be able to reach
    // it (WCAG 2.1.1, axe's scrollable-region-focusable).
    pre: (tagName, attribs) => ({ tagName, attribs: { ...attribs, tabindex: '0' } }),
    table: (tagName, attribs) => ({ tagName, attribs: { ...attribs, tabindex: '0' } }),
    input: (tagName, attribs) => ({
      tagName,
      attribs: { type: 'checkbox', disabled: '', ...(attribs.checked !== undefined ? { checked: '' } : {}) },
    }),
  },
});

// Built once per base address (in practice: none, and PUBLIC_URL for feeds).
const policies = new Map<string | undefined, sanitize.IOptions>();

/**
 * The second line of defence behind markdownToHtml: only the tags Markdown produces, no event
 * handlers, no inline styles (the CSP refuses them anyway), no javascript: or data: addresses.
 * A link whose address was unsafe keeps its words and loses its href. With `baseUrl`, relative
 * addresses are resolved against it.
 */
export function sanitizeHtml(html: string, baseUrl?: string): string {
  let options = policies.get(baseUrl);
  if (!options) {
    options = policy(baseUrl);
    policies.set(baseUrl, options);
  }
  return sanitize(html, options);
}
