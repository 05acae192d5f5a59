/**
 * Embeds by address (decision 81): a post's paragraph holding nothing but the address of a video,
 * a pen, a gist or a social post becomes an embed. This module only reads addresses (no network,
 * no DOM), so the server's renderer, the read page's click-to-load script and the editor agree on
 * what is an embed and which frame it opens. Anything it does not recognize stays a link.
 */

export const EMBED_PROVIDERS = ['youtube', 'vimeo', 'codepen', 'gist', 'bluesky', 'mastodon'] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

/** The names readers know the providers by. */
export const EMBED_PROVIDER_NAMES: Readonly<Record<EmbedProvider, string>> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  codepen: 'CodePen',
  gist: 'GitHub Gist',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
};

/** What the facade offers to load, named for what it is (the button's words, the frame's title). */
export const EMBED_KINDS: Readonly<Record<EmbedProvider, string>> = {
  youtube: 'video',
  vimeo: 'video',
  codepen: 'pen',
  gist: 'gist',
  bluesky: 'post',
  mastodon: 'post',
};

export interface Embed {
  provider: EmbedProvider;
  /** The provider's own id of the thing (a video's id, a gist's id, a post's id). */
  id: string;
  /** The thing's page at the provider, written one way whatever way the author wrote it. */
  url: string;
  /**
   * The provider's embed page, which the read page puts in a frame when the reader asks; null
   * when it cannot be known from the address alone (a Bluesky post named by its author's handle:
   * the frame wants the author's DID, which only a network call can tell).
   */
  frameSrc: string | null;
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const CODEPEN_USER = /^[A-Za-z0-9_-]{1,60}$/;
const CODEPEN_ID = /^[A-Za-z0-9]{1,20}$/;
const GITHUB_USER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const GIST_ID = /^[0-9a-f]{1,40}$/i;
const BLUESKY_HOSTS = new Set(['bsky.app', 'www.bsky.app']);
/** A handle (a domain name) or a DID (`did:plc:…`, `did:web:…`). */
const BLUESKY_ACTOR = /^(?:did:(?:plc|web):[A-Za-z0-9._:%-]{1,200}|[A-Za-z0-9.-]{3,253})$/;
/** A record key: a TID in practice (13 characters), any of the spec's characters allowed. */
const BLUESKY_RKEY = /^[A-Za-z0-9._:~-]{1,512}$/;
const MASTODON_PATH = /^\/@([A-Za-z0-9_]{1,30})\/(\d{1,20})\/?$/;
/** A host name with at least one dot, letters last: no IP address, no `localhost`. */
const PUBLIC_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function parse(address: string): URL | null {
  // Only an address written out whole: no white space or control characters inside it.
  if (address.length > 2000 || Array.from(address).some((char) => char <= ' ' || char === '\u007f')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // `https://youtube.com@evil.example/` names evil.example; any port is another server.
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  return url;
}

function segments(url: URL): string[] {
  return url.pathname.split('/').filter((part) => part !== '');
}

function youtube(url: URL): Embed | null {
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  const parts = segments(url);
  let id: string | null | undefined;
  if (url.hostname === 'youtu.be') id = parts.length === 1 ? parts[0] : null;
  else if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v');
  else if (parts.length === 2 && ['embed', 'shorts', 'live'].includes(parts[0]!)) id = parts[1];
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return {
    provider: 'youtube',
    id,
    url: `https://www.youtube.com/watch?v=${id}`,
    // YouTube's own privacy-enhanced player: no cookies until the reader plays.
    frameSrc: `https://www.youtube-nocookie.com/embed/${id}`,
  };
}

function vimeo(url: URL): Embed | null {
  if (!VIMEO_HOSTS.has(url.hostname)) return null;
  const parts = segments(url);
  if (url.hostname === 'player.vimeo.com') {
    if (parts[0] !== 'video') return null;
    parts.shift();
  }
  const [id, hash, ...rest] = parts;
  if (!id || !/^\d{1,12}$/.test(id) || rest.length > 0) return null;
  // An unlisted video's address carries its key (`vimeo.com/ID/KEY`, or `?h=KEY` on the player).
  const key = hash ?? url.searchParams.get('h') ?? undefined;
  if (key !== undefined && !/^[0-9a-f]{6,20}$/.test(key)) return null;
  return {
    provider: 'vimeo',
    id,
    url: `https://vimeo.com/${id}${key ? `/${key}` : ''}`,
    // dnt: Vimeo's player tracks nothing of the session.
    frameSrc: `https://player.vimeo.com/video/${id}?dnt=1${key ? `&h=${key}` : ''}`,
  };
}

function codepen(url: URL): Embed | null {
  if (url.hostname !== 'codepen.io') return null;
  const [user, kind, id, ...rest] = segments(url);
  if (!user || !kind || !id || rest.length > 0) return null;
  if (!['pen', 'full', 'details', 'embed'].includes(kind)) return null;
  if (!CODEPEN_USER.test(user) || !CODEPEN_ID.test(id)) return null;
  return {
    provider: 'codepen',
    id,
    url: `https://codepen.io/${user}/pen/${id}`,
    frameSrc: `https://codepen.io/${user}/embed/${id}?default-tab=result`,
  };
}

function gist(url: URL): Embed | null {
  if (url.hostname !== 'gist.github.com') return null;
  const [user, id, ...rest] = segments(url);
  if (!user || !id || rest.length > 0 || !GITHUB_USER.test(user) || !GIST_ID.test(id)) return null;
  return {
    provider: 'gist',
    id,
    url: `https://gist.github.com/${user}/${id}`,
    // The gist as a page of its own (GitHub's official embed is a script writing into our page,
    // which our Content-Security-Policy would have to let in).
    frameSrc: `https://gist.github.com/${user}/${id}.pibb`,
  };
}

function bluesky(url: URL): Embed | null {
  if (!BLUESKY_HOSTS.has(url.hostname)) return null;
  const [profile, actor, post, rkey, ...rest] = segments(url).map(decodeSegment);
  if (profile !== 'profile' || post !== 'post' || !actor || !rkey || rest.length > 0) return null;
  if (!BLUESKY_ACTOR.test(actor) || !BLUESKY_RKEY.test(rkey)) return null;
  return {
    provider: 'bluesky',
    id: rkey,
    url: `https://bsky.app/profile/${actor}/post/${rkey}`,
    frameSrc: actor.startsWith('did:')
      ? `https://embed.bsky.app/embed/${actor}/app.bsky.feed.post/${rkey}`
      : null,
  };
}

function mastodon(url: URL): Embed | null {
  // Any server may run Mastodon: recognized by its address's shape, over HTTPS only.
  if (url.protocol !== 'https:' || !PUBLIC_HOST.test(url.hostname) || url.search !== '') return null;
  const match = MASTODON_PATH.exec(url.pathname);
  if (!match) return null;
  const [, user, id] = match as unknown as [string, string, string];
  const page = `https://${url.hostname}/@${user}/${id}`;
  return { provider: 'mastodon', id, url: page, frameSrc: `${page}/embed` };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

const RECOGNIZERS = [youtube, vimeo, codepen, gist, bluesky];

/** The embed an address names, or null: then it stays a link. */
export function recognizeEmbed(address: string): Embed | null {
  const url = parse(address);
  if (!url) return null;
  for (const recognize of RECOGNIZERS) {
    const embed = recognize(url);
    if (embed) return embed;
  }
  // The known providers' own hosts are never taken for a Mastodon server.
  return mastodon(url);
}

/** The origin a page must let frames come from to show this embed (its CSP's frame-src). */
export function embedFrameOrigin(embed: Embed): string | null {
  return embed.frameSrc === null ? null : new URL(embed.frameSrc).origin;
}

/**
 * What the frame may do, by provider: run its player and reach its own origin (the players need
 * both), go full screen where it plays video, open links in a new tab. Never the top window.
 */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';
export const EMBED_ALLOW: Readonly<Record<EmbedProvider, string>> = {
  youtube: 'autoplay; encrypted-media; picture-in-picture; fullscreen',
  vimeo: 'autoplay; encrypted-media; picture-in-picture; fullscreen',
  codepen: '',
  gist: '',
  bluesky: '',
  mastodon: '',
};
