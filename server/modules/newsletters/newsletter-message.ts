import escapeHtml from 'escape-html';
import juice from 'juice';
import sanitize from 'sanitize-html';
import { postPagePath } from '../../../contracts/site';
import type { PostForEmail } from './newsletter-sends-repository';

/** The widest an image is drawn in the email's column (Outlook ignores CSS max-width). */
const IMAGE_WIDTH = 600;

/** A post rendered once for its email; each reader's copy only adds their own links. */
export interface PostEmailBody {
  subject: string;
  /** The post's HTML with styles inlined, without the footer. */
  html: string;
  text: string;
  postUrl: string;
  listName: string;
  fromName: string;
  replyTo: string | null;
  footer: string | null;
  listId: string;
}

/** One reader's email, in nodemailer's terms. */
export interface NewsletterEmail {
  to: string;
  from: { name: string; address: string };
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  list: { id: { url: string; comment: string } };
  headers: Record<string, string | { prepared: true; value: string }>;
}

/** Who it is from, where links lead, and where a mailto unsubscribe goes (if configured). */
export interface EmailContext {
  publicUrl: string;
  fromAddress: string;
  unsubscribeMailto: string | undefined;
}

/**
 * Styles for the mail programs that drop `<style>` (Gmail's app, Outlook): juice copies them onto
 * each element. Code blocks wrap instead of scrolling, images fit the column, tables have their lines
 * and callouts their coloured edge (decision 69).
 */
const STYLES = `
body { margin: 0; padding: 0; background: #ffffff; }
.wrap { max-width: ${IMAGE_WIDTH}px; margin: 0 auto; padding: 16px; font-family: Georgia, 'Times New Roman', serif; font-size: 17px; line-height: 1.6; color: #1a1a1a; }
h1 { font-size: 28px; line-height: 1.25; margin: 0 0 16px; }
h2, h3, h4 { line-height: 1.3; margin: 24px 0 8px; }
a { color: #1a5fb4; }
img { max-width: 100%; height: auto; border: 0; }
pre { white-space: pre-wrap; word-wrap: break-word; overflow-wrap: anywhere; background: #f4f4f4; padding: 12px; font-size: 14px; line-height: 1.45; }
code { font-family: Menlo, Consolas, monospace; font-size: 14px; }
blockquote { margin: 16px 0; padding-left: 12px; border-left: 3px solid #cccccc; color: #444444; }
table { border-collapse: collapse; margin: 16px 0; font-size: 15px; }
th, td { border: 1px solid #cccccc; padding: 6px 10px; vertical-align: top; }
th { background: #f4f4f4; }
.callout { display: block; margin: 16px 0; padding: 12px 16px; background: #f4f6fb; border-left: 4px solid #3451b2; }
.callout--tip { border-left-color: #3f8f4f; background: #f2f8f3; }
.callout--warning { border-left-color: #c77700; background: #fdf6ec; }
.callout__title { margin: 0 0 4px; font-weight: bold; }
.web-link { font-size: 14px; margin: 0 0 24px; }
.footer { margin-top: 32px; padding-top: 16px; border-top: 1px solid #dddddd; font-size: 13px; color: #666666; }
`;

/**
 * Email-safe HTML from the read page's rendering: absolute image addresses with a width, embeds
 * (frames, media) and passage marks reduced to links or their text, nothing a mail program runs.
 */
function emailSafe(html: string, postUrl: string): string {
  return sanitize(html, {
    allowedTags: sanitize.defaults.allowedTags.concat(['img', 'del', 's']),
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'alt', 'width', 'title'],
      code: ['class'],
      // A column's alignment, which mail programs read from the attribute.
      th: ['align'],
      td: ['align'],
      // Callouts' classes, which the styles below are inlined by.
      aside: ['class'],
      p: ['class'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https', 'http'] },
    transformTags: {
      // A wide picture or a gallery (decision 82) is plain pictures in a mail program, one under the other.
      figure: () => ({ tagName: 'p', attribs: {} }),
      img: (_tag, attribs) => ({
        tagName: 'img',
        attribs: {
          src: attribs.src ? new URL(attribs.src, postUrl).href : '',
          alt: attribs.alt ?? '',
          width: String(Math.min(Number(attribs.width) || IMAGE_WIDTH, IMAGE_WIDTH)),
        },
      }),
      iframe: (_tag, attribs) => ({
        tagName: 'a',
        attribs: { href: attribs.src ? new URL(attribs.src, postUrl).href : postUrl },
        text: attribs.src ?? postUrl,
      }),
      video: (_tag, attribs) => ({
        tagName: 'a',
        attribs: { href: attribs.src ? new URL(attribs.src, postUrl).href : postUrl },
        text: 'Watch on the web',
      }),
      a: (_tag, attribs) => ({
        tagName: 'a',
        attribs: {
          href: fromNewsletter(attribs.href ? new URL(attribs.href, postUrl).href : postUrl, postUrl),
        },
      }),
    },
    // A mark only highlights a passage on the web page: its text stays, the mark goes.
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript'],
  });
}

/** What a link from the email to its post carries, so the post's stats name the newsletter as its source. */
export const NEWSLETTER_SOURCE = 'newsletter';

/**
 * `href` with `ref=newsletter` when it leads to the post's own page (the web link, the footnotes),
 * so a reader arriving from the email is counted as the newsletter's (decision 63's sources); mail
 * programs send no referrer. Links elsewhere are left as the writer wrote them.
 */
export function fromNewsletter(href: string, postUrl: string): string {
  const url = new URL(href);
  const post = new URL(postUrl);
  if (url.origin !== post.origin || url.pathname !== post.pathname || url.search !== post.search) return href;
  url.searchParams.set('ref', NEWSLETTER_SOURCE);
  return url.href;
}

/** The part of an email that is the same for every reader of one post. */
export function postEmailBody(post: PostForEmail, contentHtml: string, context: EmailContext): PostEmailBody {
  const postUrl = `${context.publicUrl}${postPagePath(post.postId)}`;
  const webLink = fromNewsletter(postUrl, postUrl);
  const listName = post.settings.newsletterName ?? post.listName;
  const article = [
    `<div class="wrap">`,
    `<h1>${escapeHtml(post.title)}</h1>`,
    `<p class="web-link">By ${escapeHtml(post.authorName)} · <a href="${escapeHtml(webLink)}">Read on the web</a></p>`,
    emailSafe(contentHtml, postUrl),
    FOOTER_MARK,
    `</div>`,
  ].join('\n');
  const html = juice(`<style>${STYLES}</style>${article}`);
  const text = [
    post.title,
    `By ${post.authorName}`,
    `Read on the web: ${webLink}`,
    '',
    post.content.trim(),
  ].join('\n');
  return {
    subject: post.title,
    html,
    text,
    postUrl,
    listName,
    fromName: post.settings.senderName ?? post.listName,
    replyTo: post.settings.replyTo,
    footer: post.settings.footer,
    listId: post.listId,
  };
}

/** The footer's styles, inlined once (juice runs on the template, not per reader). */
const FOOTER_STYLE =
  juice(`<style>${STYLES}</style><div class="footer"></div>`).match(/style="([^"]*)"/)?.[1] ?? '';

/** What one reader's copy adds to its post's email: their footer and their unsubscribe addresses. */
export interface ReaderParts {
  /** The footer's HTML, put where the body's `<!--footer-->` is. */
  footerHtml: string;
  /** The footer's text, after the body's text and a line break. */
  footerText: string;
  /** The `List-Unsubscribe` header's value (RFC 2369 and 8058), ASCII. */
  listUnsubscribe: string;
}

/** The footer (why they get it, the unsubscribe link) and the one-click unsubscribe header of one reader. */
export function readerParts(
  body: PostEmailBody,
  unsubscribeToken: string,
  context: EmailContext,
): ReaderParts {
  const unsubscribeUrl = `${context.publicUrl}/newsletters/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
  const why = `You receive this because you subscribed to ${body.listName} at ${new URL(context.publicUrl).host}.`;
  const footerHtml = [
    `<div class="footer" style="${FOOTER_STYLE}">`,
    body.footer ? `<p>${escapeHtml(body.footer)}</p>` : '',
    `<p>${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
    `</div>`,
  ].join('');
  const footerText = [
    '',
    '--',
    ...(body.footer ? [body.footer] : []),
    why,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');
  const unsubscribe: string[] = [`<${unsubscribeUrl}>`];
  if (context.unsubscribeMailto) {
    unsubscribe.push(
      `<mailto:${context.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${unsubscribeToken}`)}>`,
    );
  }
  return { footerHtml, footerText, listUnsubscribe: unsubscribe.join(', ') };
}

/** Where postEmailBody leaves each reader's footer (sanitize-html keeps no comment of the post's). */
const FOOTER_MARK = '<!--footer-->';

/** The HTML document around the body, up to and after the footer's place. */
export function htmlDocument(body: PostEmailBody): [before: string, after: string] {
  const at = body.html.indexOf(FOOTER_MARK);
  const [before, after] =
    at < 0 ? [body.html, ''] : [body.html.slice(0, at), body.html.slice(at + FOOTER_MARK.length)];
  return [
    `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head><body>${before}`,
    `${after}</body></html>`,
  ];
}

/**
 * One reader's copy: the body with the footer (why they get it, the unsubscribe link) and the
 * list headers of RFC 2369, 2919 and 8058 (one-click unsubscribe, which Gmail and Yahoo require).
 */
export function newsletterEmail(
  body: PostEmailBody,
  to: string,
  unsubscribeToken: string,
  context: EmailContext,
): NewsletterEmail {
  const reader = readerParts(body, unsubscribeToken, context);
  const [before, after] = htmlDocument(body);
  return {
    to,
    from: { name: body.fromName, address: context.fromAddress },
    ...(body.replyTo ? { replyTo: body.replyTo } : {}),
    subject: body.subject,
    html: before + reader.footerHtml + after,
    text: body.text + '\n' + reader.footerText,
    // nodemailer writes List-Id (encoding a name that is not ASCII). List-Unsubscribe is one
    // header with both addresses (its `list` option would write two), ASCII already.
    list: listIdOf(body, context),
    headers: {
      'List-Unsubscribe': { prepared: true, value: reader.listUnsubscribe },
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The list's `List-Id` (RFC 2919) in nodemailer's terms: the list's id under the site's host, its name. */
export function listIdOf(body: PostEmailBody, context: EmailContext): NewsletterEmail['list'] {
  const host = new URL(context.publicUrl).hostname;
  return { id: { url: `${body.listId}.list-id.${host}`, comment: body.listName } };
}
