import { Resolver } from 'node:dns/promises';
import {
  DOMAIN_CHALLENGE_LABEL,
  DOMAIN_CHALLENGE_PREFIX,
  type DomainState,
} from '../../../contracts/publications';

/**
 * A check's answer. A failure is `definitive` when DNS said so (no such name, no TXT record, a
 * record without the token) and not when DNS did not answer (a timeout, SERVFAIL, a refusal):
 * that tells nothing about the domain, only about DNS at that moment.
 */
export type VerificationResult =
  { verified: true } | { verified: false; reason: string; definitive: boolean };

/** Reads TXT records; the system's resolver, or DNS_RESOLVERS' servers (tests run their own). */
export interface TxtLookup {
  resolveTxt(name: string): Promise<string[][]>;
}

export function dnsLookup(servers: readonly string[] | undefined): TxtLookup {
  // A few seconds and two tries: an owner is waiting on the settings page.
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

export const challengeName = (domain: string) => `${DOMAIN_CHALLENGE_LABEL}.${domain}`;
export const challengeValue = (token: string) => `${DOMAIN_CHALLENGE_PREFIX}${token}`;

/**
 * Proves control of a domain: its `_inkwell-challenge` name must carry a TXT record
 * with the publication's token. A record split into several strings (long TXT records are) is
 * joined first, as DNS means it.
 */
export async function verifyDomain(
  lookup: TxtLookup,
  domain: string,
  token: string,
): Promise<VerificationResult> {
  const name = challengeName(domain);
  let records: string[][];
  try {
    records = await lookup.resolveTxt(name);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') {
      return {
        verified: false,
        reason: `No TXT record was found at ${name} yet (DNS changes can take a while)`,
        definitive: true,
      };
    }
    return {
      verified: false,
      reason: `DNS did not answer for ${name} (${code ?? 'error'}); try again later`,
      definitive: false,
    };
  }
  const wanted = challengeValue(token);
  if (records.some((chunks) => chunks.join('').trim() === wanted)) return { verified: true };
  return {
    verified: false,
    reason: `The TXT record at ${name} does not carry this publication's token`,
    definitive: true,
  };
}

/** Who asked for a check: the owner ("Check now") or the periodic re-check. */
export type CheckedBy = 'owner' | 'schedule';

/**
 * What a check makes of a domain: the one rule for the owner's button and the periodic re-check.
 * Undefined: the row stays as it was (only its `checked_at` moves).
 *
 * - Found: verified, whatever it was.
 * - A verified domain fails only on a definitive answer. DNS not answering keeps it verified (and
 *   served): an outage of the resolver or of the domain's servers must not take every custom domain
 *   down. The owner who asked is told why the check did not get through.
 * - Not found while pending: the owner who asked sees it failed, as always; the periodic check
 *   leaves a domain that is still being set up pending, noting why, and silent on a DNS outage.
 * - Failed stays failed, its reason refreshed by any definitive answer.
 */
export function nextDomainState(
  current: DomainState,
  result: VerificationResult,
  by: CheckedBy,
): { state: DomainState; failure: string | null } | undefined {
  if (result.verified) return { state: 'verified', failure: null };
  if (!result.definitive) {
    if (by === 'schedule') return undefined;
    return { state: current === 'verified' ? 'verified' : 'failed', failure: result.reason };
  }
  if (current === 'pending' && by === 'schedule') return { state: 'pending', failure: result.reason };
  return { state: 'failed', failure: result.reason };
}
