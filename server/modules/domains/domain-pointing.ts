import { isIP } from 'node:net';
import { getDomain } from 'tldts-icann';
import type { PointingRecord } from '../../../contracts/publications';

/**
 * The DNS records that bring a custom domain's readers to this server, made from the
 * configuration alone: an address is shown only when the configuration names one (PUBLIC_URL at
 * an IP address), never guessed, since behind a proxy or NAT the server cannot know the address
 * the world reaches it at.
 *
 * - `target` is an IP address: an A (or AAAA) record with it.
 * - The domain is an apex (example.com, example.co.uk, by the Public Suffix List's ICANN part):
 *   A and AAAA records at the address `target` has, since DNS allows no CNAME beside the SOA and
 *   NS records an apex holds (RFC 1034 §3.6.2, RFC 2181 §10.1).
 * - Otherwise (blog.example.com): a CNAME to `target`, which keeps following it if it moves.
 */
export function pointingRecords(domain: string, target: string): PointingRecord[] {
  const address = target.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(address);
  if (family !== 0) return [{ type: family === 4 ? 'A' : 'AAAA', name: domain, value: address }];
  if (isApex(domain)) {
    return [
      { type: 'A', name: domain, value: null },
      { type: 'AAAA', name: domain, value: null },
    ];
  }
  return [{ type: 'CNAME', name: domain, value: target }];
}

/** Whether a domain is registered as it is (example.com), not a name under one (blog.example.com). */
export function isApex(domain: string): boolean {
  return getDomain(domain) === domain;
}
