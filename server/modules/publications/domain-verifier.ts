import { Resolver } from 'node:dns/promises';
import { DOMAIN_CHALLENGE_LABEL, DOMAIN_CHALLENGE_PREFIX } from '../../../contracts/publications';

export type VerificationResult = { verified: true } | { verified: false; reason: string };

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
 * Proves control of a domain (issue 11 §3): its `_inkwell-challenge` name must carry a TXT record
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
      };
    }
    return {
      verified: false,
      reason: `DNS did not answer for ${name} (${code ?? 'error'}); try again later`,
    };
  }
  const wanted = challengeValue(token);
  if (records.some((chunks) => chunks.join('').trim() === wanted)) return { verified: true };
  return { verified: false, reason: `The TXT record at ${name} does not carry this publication's token` };
}
