import { useEffect, type MouseEvent, type RefObject } from 'react';

/** The address reader, fetched on the first click: none of it is first-load code (decision 81). */
const embeds = () => import('../../../contracts/embeds');

/** The card a click asked to open when the page had to be loaded again first (see openEmbed). */
const PENDING_KEY = 'inkwell:open-embed';

/**
 * Whether the server sent this document for the address shown now: only then does its
 * Content-Security-Policy let this page's embeds' frames in (decision 81). A page reached inside
 * the app kept the policy of the page the visit started on.
 */
function policyIsThisPages(): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  if (!entry) return false;
  const first = new URL(entry.name);
  return first.pathname === window.location.pathname && first.search === window.location.search;
}

function remember(value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(PENDING_KEY);
    else sessionStorage.setItem(PENDING_KEY, value);
  } catch {
    // No session storage: the reader clicks again once the page is back.
  }
}

function pending(): string | null {
  try {
    return sessionStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

/**
 * Puts the provider's frame in place of an embed's card; an address with no frame (a Bluesky post
 * named by a handle) is followed as the link it is. The frame is sandboxed, allowed only what its
 * player needs, titled for screen readers, and takes the focus the card had.
 */
async function openEmbed(link: HTMLAnchorElement, mayReload: boolean): Promise<void> {
  let module;
  try {
    module = await embeds();
  } catch {
    // The app's files could not be fetched (offline, or a new version deployed): the link still leads there.
    if (mayReload) window.location.assign(link.href);
    return;
  }
  const { EMBED_ALLOW, EMBED_KINDS, EMBED_PROVIDER_NAMES, EMBED_SANDBOX, recognizeEmbed } = module;
  const embed = recognizeEmbed(link.href);
  if (!embed?.frameSrc || !link.isConnected) {
    if (mayReload) window.location.assign(link.href);
    return;
  }
  if (!policyIsThisPages()) {
    if (!mayReload) return;
    // The page comes again from the server, with its own policy, and opens the card then.
    remember(link.href);
    window.location.reload();
    return;
  }
  const title = link.querySelector('.embed__title')?.textContent ?? embed.url;
  const frame = document.createElement('iframe');
  frame.className = 'embed__frame';
  frame.title = `${EMBED_PROVIDER_NAMES[embed.provider]} ${EMBED_KINDS[embed.provider]}: ${title}`;
  frame.setAttribute('sandbox', EMBED_SANDBOX);
  if (EMBED_ALLOW[embed.provider]) frame.setAttribute('allow', EMBED_ALLOW[embed.provider]);
  frame.setAttribute('loading', 'lazy');
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.src = embed.frameSrc;
  link.replaceWith(frame);
  frame.focus();
}

/**
 * Embeds' cards in server-rendered post HTML (decision 81) open their frame on a click: the
 * answer is the click handler for the element holding the HTML (React's, so it works from the
 * moment the HTML is on screen). Without script, or before it runs, a card is a plain link to the
 * provider.
 */
export function useEmbeds(ref: RefObject<HTMLElement | null>, html: string): (event: MouseEvent) => void {
  useEffect(() => {
    const root = ref.current;
    const asked = root && html.includes('embed__link') ? pending() : null;
    if (!root || asked === null) return;
    remember(null);
    const links = root.querySelectorAll<HTMLAnchorElement>('a.embed__link');
    const link = Array.from(links).find((candidate) => candidate.href === asked);
    if (link) void openEmbed(link, false);
  }, [ref, html]);
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a.embed__link') : null;
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    event.preventDefault();
    void openEmbed(link, true);
  };
}
