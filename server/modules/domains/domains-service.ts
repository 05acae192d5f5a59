import { randomBytes } from 'node:crypto';
import {
  DOMAIN_NOT_FOUND_MESSAGE,
  DOMAIN_OURS_MESSAGE,
  DOMAIN_TAKEN_MESSAGE,
  type DomainState,
  type DomainStatus,
} from '../../../contracts/publications';
import type { Viewer } from '../accounts/authenticator';
import { nowIso } from '../../lib/clock';
import { DuplicateKey } from '../../lib/constraint-violations';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { DomainListener, PublicationsService } from '../publications/publications-service';
import type { PublicationUrls } from '../publications/publication-urls';
import { pointingRecords } from './domain-pointing';
import {
  challengeName,
  challengeValue,
  nextDomainState,
  verifyDomain,
  type TxtLookup,
} from './domain-verifier';
import type { DomainRow, DomainsRepository } from './domains-repository';

export interface DomainRecheckOptions {
  /** A domain is due once its last check is this old. */
  intervalMs: number;
  /** Domains looked at in one call at most, so one call never runs long. */
  limit: number;
  /** DNS lookups in flight at once. */
  concurrency: number;
  /** Aborts when the app closes. */
  signal?: AbortSignal;
}

export interface DomainRecheckSummary {
  /** Domains that were due when read. */
  due: number;
  /** Those this instance claimed and looked up (another instance may have taken the rest). */
  checked: number;
  /** Those whose state the check changed. */
  changed: { domain: string; from: DomainState; to: DomainState }[];
  errors: { domain: string; error: unknown }[];
}

/** The promise's value, or undefined as soon as `signal` aborts (the work is abandoned, not stopped). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Publications' custom domains (decision 44): the owner claims one, a DNS TXT record proves it,
 * and the periodic re-check keeps it honest; Caddy asks here before it issues a certificate.
 * Who may act is the publication's rule (its owner), asked of the publications service.
 */
export class DomainsService {
  constructor(
    private readonly domains: DomainsRepository,
    private readonly publications: Pick<PublicationsService, 'requireRole' | 'findBySlug'>,
    private readonly urls: PublicationUrls,
    private readonly dns: TxtLookup,
    private readonly domainListener: DomainListener | undefined,
  ) {}

  toDomainStatus(row: DomainRow): DomainStatus {
    const target = this.urls.pointingTarget();
    return {
      domain: row.domain,
      state: row.state,
      failure: row.failure,
      checkedAt: row.checked_at,
      record: { type: 'TXT', name: challengeName(row.domain), value: challengeValue(row.token) },
      pointing: { target, records: pointingRecords(row.domain, target) },
      url: this.urls.domainUrl(row.domain),
    };
  }

  /**
   * The custom domain, or null when none is claimed: having none is an answer about a publication
   * that exists, not a missing resource (its settings page asks on every load).
   */
  async domain(viewer: Viewer, slug: string): Promise<DomainStatus | null> {
    const row = await this.publications.requireRole(viewer, slug, 'owner');
    const domain = await this.domains.domainOf(row.id);
    return domain ? this.toDomainStatus(domain) : null;
  }

  /** Claims a domain (pending until its TXT record is seen); it replaces any earlier one. */
  async claimDomain(viewer: Viewer, slug: string, domain: string): Promise<DomainStatus> {
    const row = await this.publications.requireRole(viewer, slug, 'owner');
    if (this.urls.isOurs(domain)) throw badRequest(DOMAIN_OURS_MESSAGE, { domain: [DOMAIN_OURS_MESSAGE] });
    const existing = await this.domains.findDomain(domain);
    if (existing && existing.publication_id !== row.id)
      throw conflict(DOMAIN_TAKEN_MESSAGE, { domain: [DOMAIN_TAKEN_MESSAGE] });
    if (existing) return this.toDomainStatus(existing);
    const claimed: DomainRow = {
      domain,
      publication_id: row.id,
      token: randomBytes(16).toString('hex'),
      state: 'pending',
      failure: null,
      checked_at: null,
      created_at: nowIso(),
    };
    try {
      await this.domains.claimDomain(claimed);
    } catch (error) {
      if (error instanceof DuplicateKey)
        throw conflict(DOMAIN_TAKEN_MESSAGE, { domain: [DOMAIN_TAKEN_MESSAGE] });
      throw error;
    }
    if (row.verified_domain) await this.domainListener?.domainsChanged();
    return this.toDomainStatus(claimed);
  }

  /** Looks the TXT record up now; a domain once verified and then failing stops being served. */
  async verifyDomain(viewer: Viewer, slug: string): Promise<DomainStatus> {
    const row = await this.publications.requireRole(viewer, slug, 'owner');
    const domain = await this.domains.domainOf(row.id);
    if (!domain) throw notFound(DOMAIN_NOT_FOUND_MESSAGE);
    const result = await verifyDomain(this.dns, domain.domain, domain.token);
    const checkedAt = nowIso();
    const { state, failure } = nextDomainState(domain.state, result, 'owner') ?? domain;
    await this.domains.setDomainState(domain.domain, state, failure, checkedAt);
    if ((domain.state === 'verified') !== (state === 'verified')) await this.domainListener?.domainsChanged();
    return this.toDomainStatus({ ...domain, state, failure, checked_at: checkedAt });
  }

  /**
   * The periodic re-check (decision 44): looks again at up to `limit` domains last checked before
   * `now - intervalMs` (or never), so a pending domain is verified once its record appears and a
   * verified one whose record is gone stops being served. Each domain is claimed first by a
   * conditional update, so across instances only one asks DNS about it. Lookups run
   * `concurrency` at a time; once `signal` aborts, none starts and none in flight is waited for
   * (its claim stands: it is looked at again an interval later). A domain's error is collected,
   * not thrown, so one bad row does not stop the others.
   */
  async recheckDueDomains(now: Date, options: DomainRecheckOptions): Promise<DomainRecheckSummary> {
    const at = now.toISOString();
    const due = new Date(now.getTime() - options.intervalMs).toISOString();
    const candidates = await this.domains.dueDomains(due, options.limit);
    const summary: DomainRecheckSummary = { due: candidates.length, checked: 0, changed: [], errors: [] };
    const recheck = async (row: DomainRow) => {
      if (options.signal?.aborted) return;
      try {
        if (!(await this.domains.claimDomainCheck(row.domain, due, at))) return;
        summary.checked += 1;
        const result = await untilAborted(verifyDomain(this.dns, row.domain, row.token), options.signal);
        if (result === undefined) return;
        const next = nextDomainState(row.state, result, 'schedule');
        if (!next || (next.state === row.state && next.failure === row.failure)) return;
        const written = await this.domains.recordDomainCheck(row, next.state, next.failure);
        if (written && next.state !== row.state)
          summary.changed.push({ domain: row.domain, from: row.state, to: next.state });
      } catch (error) {
        summary.errors.push({ domain: row.domain, error });
      }
    };
    for (let start = 0; start < candidates.length; start += options.concurrency) {
      await Promise.all(candidates.slice(start, start + options.concurrency).map(recheck));
    }
    if (summary.changed.some((change) => (change.from === 'verified') !== (change.to === 'verified')))
      await this.domainListener?.domainsChanged();
    return summary;
  }

  async deleteDomain(viewer: Viewer, slug: string): Promise<void> {
    const row = await this.publications.requireRole(viewer, slug, 'owner');
    if (!(await this.domains.deleteDomain(row.id))) throw notFound(DOMAIN_NOT_FOUND_MESSAGE);
    if (row.verified_domain) await this.domainListener?.domainsChanged();
  }

  /** Caddy's on-demand TLS `ask`: a verified custom domain, or an existing publication's sub-domain. */
  async servesDomain(domain: string): Promise<boolean> {
    const base = this.urls.baseDomain;
    if (base && domain.endsWith(`.${base}`)) {
      const slug = domain.slice(0, -base.length - 1);
      return !slug.includes('.') && (await this.publications.findBySlug(slug)) !== undefined;
    }
    return (await this.domains.findDomain(domain))?.state === 'verified';
  }
}
