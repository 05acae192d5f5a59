import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import hljs from 'highlight.js/lib/common';
import type MarkdownIt from 'markdown-it';
import { EMBED_KINDS, EMBED_PROVIDER_NAMES } from '../../../../contracts/embeds';
import {
  createMarkdownIt,
  type CalloutKind,
  type CalloutMeta,
  type EmbedMeta,
} from '../../../../contracts/markdown-dialect';
import { renderPictureLayouts } from './picture-layouts-html';

type Token = ReturnType<MarkdownIt['parse']>[number];
type RenderRule = NonNullable<MarkdownIt['renderer']['rules'][string]>;

/** The language named after a code fence (```ts), when the highlighter knows it. */
function knownLanguage(info: string): string | null {
  const name = info.trim().split(/\s+/)[0]?.toLowerCase();
  return name && hljs.getLanguage(name) ? name : null;
}

/**
 * Code blocks are highlighted here, on the server, so no highlighter ever ships to readers. Only a
 * fence that names its language is highlighted: guessing is slow and often wrong.
 */
const renderFence: RenderRule = (tokens, index) => {
  const token = tokens[index]!;
  // The fence's closing line is not part of the code.
  const text = token.content.replace(/\n$/, '');
  const language = knownLanguage(token.info);
  if (language === null) return `<pre><code>${escapeHtml(text)}</code></pre>\n`;
  const highlighted = hljs.highlight(text, { language, ignoreIllegals: true }).value;
  return `<pre><code class="hljs language-${language}">${highlighted}</code></pre>\n`;
};

/** A table cell's alignment as the `align` attribute (the sanitizer allows no inline style). */
const renderCellOpen: RenderRule = (tokens, index) => {
  const token = tokens[index]!;
  const align = /text-align:(left|right|center)/.exec(token.attrGet('style') ?? '')?.[1];
  return `<${token.tag}${align ? ` align="${align}"` : ''}>`;
};

/** The back-link under a footnote, named for screen readers (its arrow says little). */
function backLink(original: RenderRule): RenderRule {
  return (tokens, index, options, env, self) =>
    original(tokens, index, options, env, self).replace(
      'class="footnote-backref"',
      'class="footnote-backref" aria-label="Back to the text"',
    );
}

/** What the renderer is told of the text it renders, and markdown-it-footnote reads. */
interface RenderEnv {
  /** The footnotes' id scope (footnoteScope). */
  docId?: string;
  /** The level of the heading the text sits under (markdownToHtml's `base`). */
  base?: number;
  /** How an embed shows (markdownToHtml's `embeds`). */
  embeds?: EmbedForm;
}

/**
 * `facade`: a card that loads the provider's frame only when the reader asks (the read page and a
 * preview link's page, whose script does it); `card`: the same card leading to the provider (a
 * publication's site, which has no script of ours); `link`: the address as a link, as it was
 * written (feeds, email, the social web, comments).
 */
export type EmbedForm = 'facade' | 'card' | 'link';

/** The id of the footnotes' heading, which each reference is described by (as GitHub does). */
function footnotesLabelId(env: RenderEnv): string {
  return `fn-${env.docId ?? ''}-label`;
}

/**
 * The footnotes' section opens with a heading that screen readers find in the page's outline and
 * that each reference points to with `aria-describedby`, as GitHub renders them; it is hidden from
 * sight, where the rule and the small type already say what the list is. One level below the
 * heading the text sits under, like the text's own first headings.
 */
const renderFootnotesOpen: RenderRule = (_tokens, _index, _options, env: RenderEnv) => {
  const level = Math.min(6, (env.base ?? 1) + 1);
  return (
    '<hr class="footnotes-sep">\n<section class="footnotes">\n' +
    `<h${level} id="${footnotesLabelId(env)}" class="visually-hidden">Footnotes</h${level}>\n` +
    '<ol class="footnotes-list">\n'
  );
};

function describedReference(original: RenderRule): RenderRule {
  return (tokens, index, options, env: RenderEnv, self) =>
    original(tokens, index, options, env, self).replace(
      '<a ',
      `<a aria-describedby="${footnotesLabelId(env)}" `,
    );
}

const CALLOUT_LABELS: Record<CalloutKind, string> = { note: 'Note', tip: 'Tip', warning: 'Warning' };

/**
 * A callout (`> [!NOTE]`, decision 69) is an aside the screen reader names by its kind; the kind
 * is also written as its first line, as GitHub shows it, and hidden from the screen reader, which
 * has it from the label already.
 */
const renderCalloutOpen: RenderRule = (tokens, index) => {
  const { kind } = tokens[index]!.meta as CalloutMeta;
  const label = CALLOUT_LABELS[kind];
  return (
    `<aside class="callout callout--${kind}" role="note" aria-label="${label}">\n` +
    `<p class="callout__title" aria-hidden="true">${label}</p>\n`
  );
};

/**
 * An embed (decision 81). As a facade: a card linking to the provider's page, with the provider's
 * name, the address and what a click does; the read page's script swaps it for the provider's
 * frame on a click, so nothing reaches the provider before then, and without script it is a link.
 * As a link: the paragraph it was.
 */
const renderEmbed: RenderRule = (tokens, index, _options, env: RenderEnv) => {
  const { address, embed } = tokens[index]!.meta as EmbedMeta;
  const url = escapeHtml(embed.url);
  if (env.embeds !== 'facade' && env.embeds !== 'card') {
    return `<p><a href="${url}">${escapeHtml(address)}</a></p>\n`;
  }
  const name = EMBED_PROVIDER_NAMES[embed.provider];
  const action =
    env.embeds === 'card' || embed.frameSrc === null
      ? `Open on ${name}`
      : `Load the ${EMBED_KINDS[embed.provider]} from ${name}`;
  const shown = embed.url.replace(/^https:\/\/(www\.)?/, '');
  return (
    `<div class="embed embed--${embed.provider}" data-embed="${embed.provider}">` +
    `<a href="${url}" class="embed__link">` +
    `<span class="embed__provider">${escapeHtml(name)}</span> ` +
    `<span class="embed__title">${escapeHtml(shown)}</span> ` +
    `<span class="embed__action">${escapeHtml(action)}</span>` +
    `</a></div>\n`
  );
};

/**
 * Whether an address names a scheme other than http(s) or mailto, however it is spelled: the
 * parser has already decoded entities and escapes and percent-encoded what a URL may not hold
 * (`jav&#x09;ascript:` becomes `jav%09ascript:`), so this decodes that too and drops the control
 * characters and spaces a browser would skip.
 */
function unsafeAddress(url: string): boolean {
  let plain = url;
  try {
    plain = decodeURIComponent(url);
  } catch {
    // A stray `%`: the address as written.
  }
  plain = Array.from(plain)
    .filter((char) => char > ' ' && char !== '\u007f')
    .join('');
  return /^[a-z][a-z0-9+.-]*:/i.test(plain) && !/^(https?|mailto):/i.test(plain);
}

/**
 * Links and pictures with an address that could run code keep their words and lose the address,
 * before the sanitizer (the second line of defence) sees them.
 */
function dropUnsafeAddresses(md: MarkdownIt): void {
  md.core.ruler.push('unsafe_addresses', (state) => {
    for (const token of allTokens(state.tokens)) {
      const name = token.type === 'link_open' ? 'href' : token.type === 'image' ? 'src' : null;
      const url = name ? token.attrGet(name) : null;
      if (name && url !== null && unsafeAddress(url)) {
        token.attrs = (token.attrs ?? []).filter(([key]) => key !== name);
      }
    }
  });
}

function createRenderer(): MarkdownIt {
  const md = createMarkdownIt();
  dropUnsafeAddresses(md);
  const rules = md.renderer.rules;
  rules.fence = renderFence;
  // A line break, typed or written as two spaces or a backslash, is a `<br>` and nothing more: the
  // text a passage is found in (html-text.ts) is joined from these, as it was before.
  rules.softbreak = () => '<br>';
  rules.hardbreak = () => '<br>';
  // Struck-through text is text the author took back, as GitHub marks it.
  rules.s_open = () => '<del>';
  rules.s_close = () => '</del>';
  rules.th_open = renderCellOpen;
  rules.td_open = renderCellOpen;
  rules.task_checkbox = (tokens, index) =>
    (tokens[index]!.meta as { checked: boolean }).checked
      ? '<input checked="" disabled="" type="checkbox"> '
      : '<input disabled="" type="checkbox"> ';
  rules.footnote_anchor = backLink(rules.footnote_anchor!);
  rules.footnote_ref = describedReference(rules.footnote_ref!);
  rules.footnote_block_open = renderFootnotesOpen;
  rules.callout_open = renderCalloutOpen;
  rules.callout_close = () => '</aside>\n';
  rules.embed = renderEmbed;
  renderPictureLayouts(rules);
  return md;
}

const md = createRenderer();

/**
 * Headings continue from the page's own heading without skipping a level (specification §8). A
 * heading goes `base` levels below what the author typed (a post's `#` sits under its h1 title, so
 * it is an h2), but never more than one level below the heading before it: `### Notes` straight
 * under the title is an h2, not an h4.
 */
function assignHeadingLevels(tokens: Token[], base: number): void {
  let previous = base;
  let open: Token | undefined;
  for (const token of tokens) {
    if (token.type === 'heading_open') {
      const level = Math.min(6, Number(token.tag.slice(1)) + base, previous + 1);
      token.tag = `h${level}`;
      previous = level;
      open = token;
    } else if (token.type === 'heading_close' && open) {
      token.tag = open.tag;
    }
  }
}

/** Every token, inline ones included, in document order. */
function* allTokens(tokens: readonly Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if (token.children) yield* allTokens(token.children);
  }
}

/** The first image in the text with an absolute web address: a post's picture for link previews. */
function firstImageUrl(tokens: readonly Token[]): string | null {
  for (const token of allTokens(tokens)) {
    const src = token.type === 'image' ? token.attrGet('src') : null;
    if (src && /^https?:\/\//i.test(src)) return src;
  }
  return null;
}

/**
 * Footnotes link to each other by id, and a page shows a post and its comments together: the ids
 * of one text's footnotes carry a short digest of that text, so no two texts' notes meet.
 */
function footnoteScope(markdown: string): string {
  return createHash('sha256').update(markdown).digest('hex').slice(0, 8);
}

export interface MarkdownHtml {
  /** HTML in which every tag comes from Markdown syntax, never from the author's own HTML. */
  html: string;
  firstImageUrl: string | null;
}

/**
 * Markdown → HTML. `base` is the level of the heading the text sits under: 1 for a post (under its
 * h1 title), 2 for a comment (under the discussion's h2). `embeds`: how an embed shows (EmbedForm).
 */
export function markdownToHtml(markdown: string, base = 1, embeds: EmbedForm = 'link'): MarkdownHtml {
  const env: RenderEnv = { base, embeds };
  if (markdown.includes('[^') || markdown.includes('^[')) env.docId = footnoteScope(markdown);
  const tokens = md.parse(markdown, env);
  assignHeadingLevels(tokens, base);
  return { html: md.renderer.render(tokens, md.options, env), firstImageUrl: firstImageUrl(tokens) };
}
