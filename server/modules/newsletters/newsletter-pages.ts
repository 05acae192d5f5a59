import escapeHtml from 'escape-html';
import { NEWSLETTER_PAGE_PATHS } from '../../../contracts/newsletters';
import { SITE_NAME } from '../../../contracts/site';
import { layout, subscribeForm, type SiteContext, type SubscribeFormState } from '../sites/site-pages';

/**
 * The newsletter's pages, drawn as the list's own site (its name, colours and links), on the main
 * site's address. No script: every action is a form with one button, and a GET never changes
 * anything (mail scanners open links).
 */

function notice(site: SiteContext, title: string, body: string): string {
  return layout(
    site,
    {
      title: `${title} · ${site.publication.name}`,
      description: title,
      canonical: `${site.publication.url}/`,
    },
    `<div class="notice">${body}</div>`,
  );
}

const back = (site: SiteContext) =>
  `<p><a href="${escapeHtml(site.publication.url)}/">Back to ${escapeHtml(site.publication.name)}</a></p>`;

/**
 * One button that posts `token` to `path`. The address is relative: these pages are only ever
 * served by the main site.
 */
function button(path: string, token: string, label: string, quiet = false): string {
  return `<form method="post" action="${escapeHtml(path)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button class="button${quiet ? ' button--quiet' : ''}" type="submit">${escapeHtml(label)}</button>
</form>`;
}

/** The answer to every accepted subscribe form, whatever the address's state was. */
export function checkInboxPage(site: SiteContext, message: string): string {
  return notice(
    site,
    'Check your inbox',
    `<h1>Check your inbox</h1>
<p>${escapeHtml(message)}</p>
<p>The email comes from ${escapeHtml(SITE_NAME)}; if it is not there in a few minutes, look in the spam folder.</p>
${back(site)}`,
  );
}

/** A refused subscribe form: the form again, the address kept, the reason by the field. */
export function subscribeErrorPage(site: SiteContext, state: SubscribeFormState): string {
  return notice(
    site,
    'Subscribe',
    `<h1>Subscribe to ${escapeHtml(site.publication.name)}</h1>
${subscribeForm(site, state)}
${back(site)}`,
  );
}

/** What the confirmation link opens: nothing is confirmed until the button is pressed. */
export function confirmPage(site: SiteContext, token: string): string {
  return notice(
    site,
    'Confirm your subscription',
    `<h1>Confirm your subscription</h1>
<p>Press the button to receive ${escapeHtml(site.publication.name)}'s new posts by email.</p>
${button(NEWSLETTER_PAGE_PATHS.confirm, token, 'Confirm subscription')}
<p>If you did not ask for this, close this page: nothing more will be sent.</p>`,
  );
}

export function confirmedPage(site: SiteContext, message: string, unsubscribeToken: string): string {
  const unsubscribe = `${NEWSLETTER_PAGE_PATHS.unsubscribe}?token=${encodeURIComponent(unsubscribeToken)}`;
  return notice(
    site,
    'Subscribed',
    `<h1>Subscribed</h1>
<p>${escapeHtml(message)} New posts from ${escapeHtml(site.publication.name)} will come to your inbox.</p>
<p>Changed your mind? <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a>.</p>
${back(site)}`,
  );
}

/** What an unsubscribe link opens: one button (the one-click POST needs none). */
export function unsubscribePage(site: SiteContext, token: string, alreadyOff: boolean): string {
  const body = alreadyOff
    ? `<p>This address gets no emails from ${escapeHtml(site.publication.name)}.</p>`
    : `<p>Press the button to stop receiving ${escapeHtml(site.publication.name)}'s posts by email.</p>
${button(NEWSLETTER_PAGE_PATHS.unsubscribe, token, 'Unsubscribe')}`;
  return notice(site, 'Unsubscribe', `<h1>Unsubscribe</h1>\n${body}\n${back(site)}`);
}

/** After unsubscribing: the undo, in case the button was pressed by mistake. */
export function unsubscribedPage(
  site: SiteContext,
  message: string,
  token: string,
  canUndo: boolean,
): string {
  return notice(
    site,
    'Unsubscribed',
    `<h1>Unsubscribed</h1>
<p>${escapeHtml(message)}</p>
${canUndo ? `<p>Pressed by mistake?</p>\n${button(NEWSLETTER_PAGE_PATHS.resubscribe, token, 'Resubscribe', true)}` : ''}
${back(site)}`,
  );
}

export function resubscribedPage(site: SiteContext, message: string, token: string): string {
  return confirmedPage(site, message, token);
}

/**
 * A link that does not work: 404 (never issued, or altered) or 410 (expired, or its subscription
 * is gone). No list is known, so the page is the main site's, plain.
 */
export function linkProblemPage(publicUrl: string, title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)} · ${SITE_NAME}</title><meta name="robots" content="noindex"></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(publicUrl)}/">Go to ${SITE_NAME}</a></p></main></body>
</html>
`;
}
