import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The Stripe scheme (docs/decisions/0039-webhooks.md): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`. The timestamp is inside the signed text, so a receiver that refuses old
 * timestamps cannot be replayed an old delivery; `v1` names the scheme so a new one can be added
 * beside it later.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, `${unixSeconds}.${body}`)}`;
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/**
 * What a receiver does (and the tests do): recompute the HMAC over the raw body and compare in
 * constant time, refusing timestamps more than `toleranceSeconds` away from now.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  options: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean {
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 1) continue;
    const key = item.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(at + 1).trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(hmacHex(secret, `${timestamp}.${body}`), 'hex');
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A new hook's signing secret: 32 random bytes, prefixed so a leaked one is recognizable. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
