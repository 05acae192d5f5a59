import { embedFrameOrigin, recognizeEmbed } from '../../contracts/embeds';

/** The link of an embed's card as the renderer writes it and the sanitizer keeps it (decision 81). */
const EMBED_LINK = /<a href="([^"]{1,2100})" class="embed__link"/g;

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * The origins a rendered page's embeds open their frames from, each once: what its
 * Content-Security-Policy's frame-src must allow, and nothing else. Read from the page's HTML, so
 * a page shows embeds (a post, a preview link's post) or not without saying so itself.
 */
export function embedFrameOrigins(html: string): string[] {
  if (!html.includes('class="embed__link"')) return [];
  const origins = new Set<string>();
  for (const match of html.matchAll(EMBED_LINK)) {
    const address = match[1]!.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);
    const embed = recognizeEmbed(address);
    const origin = embed && embedFrameOrigin(embed);
    if (origin) origins.add(origin);
  }
  return [...origins].sort();
}

/** A Content-Security-Policy that also lets frames come from `origins` (none: unchanged). */
export function withFrameSources(policy: string, origins: readonly string[]): string {
  // An origin (URL.origin) is a scheme, a host and a port: nothing in it can end the directive.
  return origins.length === 0 ? policy : `${policy};frame-src ${origins.join(' ')}`;
}
