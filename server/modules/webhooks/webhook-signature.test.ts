import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../lib/polling-worker';
import { newWebhookSecret, signatureHeader, verifySignature } from './webhook-signature';

describe('webhook signatures', () => {
  it('signs "<t>.<body>" with HMAC-SHA256, as a receiver recomputes it', () => {
    const header = signatureHeader('whsec_test', '{"a":1}', 1_700_000_000);
    const expected = createHmac('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
    expect(verifySignature('whsec_test', '{"a":1}', header, { nowSeconds: 1_700_000_100 })).toBe(true);
  });

  it('refuses another secret, another body, an old timestamp and a malformed header', () => {
    const header = signatureHeader('whsec_test', 'body', 1_700_000_000);
    const now = { nowSeconds: 1_700_000_000 };
    expect(verifySignature('whsec_other', 'body', header, now)).toBe(false);
    expect(verifySignature('whsec_test', 'body ', header, now)).toBe(false);
    expect(verifySignature('whsec_test', 'body', header, { nowSeconds: 1_700_000_301 })).toBe(false);
    expect(verifySignature('whsec_test', 'body', 'v1=abc', now)).toBe(false);
    expect(verifySignature('whsec_test', 'body', 't=1700000000,v1=zz', now)).toBe(false);
  });

  it('makes a new, unguessable secret each time', () => {
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
    expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });
});

describe('backoffMs', () => {
  it('doubles after each failure up to the ceiling, with half of it random', () => {
    const low = () => 0;
    const high = () => 1;
    expect([1, 2, 3, 4].map((attempts) => backoffMs(attempts, 1_000, 5_000, high))).toEqual([
      1_000, 2_000, 4_000, 5_000,
    ]);
    expect([1, 2, 3, 4].map((attempts) => backoffMs(attempts, 1_000, 5_000, low))).toEqual([
      500, 1_000, 2_000, 2_500,
    ]);
  });
});
