import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** One address a name resolves to, as dns.lookup gives it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (dns.lookup with all: true, what connect() would use). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** Why an outbound request was not made: the message is shown to the writer and kept in the log. */
export class RefusedDestinationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedDestinationError';
  }
}

/**
 * Whether an address is on the public internet. Only ipaddr.js's plain `unicast` range passes: that
 * leaves out loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, the cloud
 * metadata address, fe80::/10), unique-local (fc00::/7), CGNAT (100.64/10), multicast, unspecified,
 * broadcast and reserved ranges, and the IPv6 forms that carry an IPv4 address inside (NAT64, 6to4,
 * Teredo). An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** A URL's host as connect() takes it: IPv6 literals lose their brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The address a request to `url` must connect to, checked: every address the name resolves to must
 * be public (one private answer among public ones is how rebinding tricks start), unless the
 * operator allows private networks. The caller connects to exactly this address (see
 * webhook-sender.ts), so a second lookup cannot swap it for another.
 */
export async function resolveDestination(
  url: URL,
  options: { allowPrivate: boolean; resolve: HostResolver },
): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family !== 0) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else if (isLocalhostName(host)) {
    // RFC 6761: these names are loopback whatever a resolver says (some answer nothing for them).
    addresses = [{ address: '127.0.0.1', family: 4 }];
  } else {
    try {
      addresses = await options.resolve(host);
    } catch {
      throw new RefusedDestinationError(`${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new RefusedDestinationError(`${host} could not be resolved`);
  }
  if (!options.allowPrivate) {
    const inside = addresses.find((candidate) => !isPublicAddress(candidate.address));
    if (inside) {
      const what = family !== 0 ? 'is' : `resolves to ${inside.address},`;
      throw new RefusedDestinationError(
        `${host} ${what} a private, loopback or link-local address; only public internet addresses may be used`,
      );
    }
  }
  // Checked above, so never undefined.
  return addresses[0] as ResolvedAddress;
}

/**
 * A lookup that answers with the address already checked, so the connection goes where the check
 * looked, whatever the name resolves to a moment later (DNS rebinding). The host name still goes
 * in the Host header and in TLS's SNI and certificate check.
 */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
}
