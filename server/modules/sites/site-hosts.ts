import type { IncomingMessage } from 'node:http';
import type { JobRound, PeriodicJob } from '../../lib/scheduler';

/** Where a publication's site lives on the main site, and where its own hosts are routed. */
export const SITE_PATH_PREFIX = '/pub/';

/** How often every instance reads the verified domains again, to learn of another's verification. */
const REFRESH_MS = 30_000;

const REWRITTEN = Symbol('inkwell.siteRewritten');
type Marked = IncomingMessage & { [REWRITTEN]?: true };

/** The host name of a Host header: lower-case, without the port or a final dot. */
export function hostNameOf(host: string | undefined): string {
  if (!host) return '';
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * Which publication a request's Host names: a sub-domain of BASE_DOMAIN, or a
 * verified custom domain (kept in memory, refreshed when one changes and every half minute, so
 * every instance learns of another's verification). Any other host is the main site: a request
 * can never reach a publication its Host does not name, and links are never made from the Host.
 *
 * A publication's host is served by rewriting its path under /pub/SLUG before anything else sees
 * it, the response cache's front door included, so that `/` on a sub-domain and `/` on the main
 * site can never share a cached answer.
 */
export class SiteHosts implements PeriodicJob {
  readonly name = 'site hosts refresh';
  private customDomains = new Map<string, string>();

  constructor(
    private readonly mainHost: string,
    private readonly baseDomain: string | undefined,
    private readonly loadDomains: () => Promise<{ domain: string; slug: string }[]>,
  ) {}

  /** The publication's address for this Host; undefined for the main site. */
  slugFor(host: string | undefined): string | undefined {
    const name = hostNameOf(host);
    if (name === '' || name === this.mainHost) return undefined;
    const base = this.baseDomain;
    // A sub-domain names its publication, existing or not (an unknown one gets the site's 404).
    if (base !== undefined && name.endsWith(`.${base}`)) return name.slice(0, -base.length - 1);
    return this.customDomains.get(name);
  }

  /** The URL Fastify (and the front door) should route: under /pub/SLUG for a publication's host. */
  rewrite(request: IncomingMessage): string {
    const url = request.url ?? '/';
    const marked = request as Marked;
    if (marked[REWRITTEN]) return url;
    const slug = this.slugFor(request.headers.host);
    if (slug === undefined) return url;
    marked[REWRITTEN] = true;
    // A slug with a dot (a.b.BASE_DOMAIN) or other odd characters names nothing: encoded, it 404s.
    return `${SITE_PATH_PREFIX}${encodeURIComponent(slug)}${url === '/' ? '' : url}`;
  }

  async refresh(): Promise<void> {
    const rows = await this.loadDomains();
    this.customDomains = new Map(rows.map((row) => [row.domain, row.slug]));
  }

  firstDelayMs(): number {
    return REFRESH_MS;
  }

  /** A round on the app's scheduler, after the first refresh at start. */
  async run({ log }: JobRound): Promise<number> {
    // A failed refresh keeps the last map: verified domains go on being served.
    await this.refresh().catch((error: unknown) => log.warn({ err: error }, 'custom domains not refreshed'));
    return REFRESH_MS;
  }
}
