import { describe, expect, it } from 'vitest';
import { nextDomainState, verifyDomain, type TxtLookup, type VerificationResult } from './domain-verifier';

const failing = (code: string): TxtLookup => ({
  resolveTxt: () => Promise.reject(Object.assign(new Error(code), { code })),
});
const answering = (records: string[][]): TxtLookup => ({ resolveTxt: () => Promise.resolve(records) });

describe('verifyDomain', () => {
  it('calls no record, or a record without the token, a definitive failure', async () => {
    for (const lookup of [failing('ENOTFOUND'), failing('ENODATA'), answering([['inkwell-verify=other']])]) {
      expect(await verifyDomain(lookup, 'blog.example', 'token')).toMatchObject({
        verified: false,
        definitive: true,
      });
    }
  });

  it('calls DNS not answering a transient failure', async () => {
    for (const code of ['ETIMEOUT', 'ESERVFAIL', 'EREFUSED', 'ECONNREFUSED']) {
      const result = await verifyDomain(failing(code), 'blog.example', 'token');
      expect(result, code).toMatchObject({ verified: false, definitive: false });
      expect(result.verified ? '' : result.reason, code).toContain(code);
    }
  });
});

describe('nextDomainState', () => {
  const found: VerificationResult = { verified: true };
  const missing: VerificationResult = { verified: false, reason: 'no record', definitive: true };
  const outage: VerificationResult = { verified: false, reason: 'no answer', definitive: false };

  it('verifies any domain whose record is found', () => {
    for (const state of ['pending', 'verified', 'failed'] as const) {
      for (const by of ['owner', 'schedule'] as const) {
        expect(nextDomainState(state, found, by)).toEqual({ state: 'verified', failure: null });
      }
    }
  });

  it('fails a verified domain only on a definitive answer, whoever asked', () => {
    expect(nextDomainState('verified', missing, 'schedule')).toEqual({
      state: 'failed',
      failure: 'no record',
    });
    expect(nextDomainState('verified', missing, 'owner')).toEqual({ state: 'failed', failure: 'no record' });
    expect(nextDomainState('verified', outage, 'schedule')).toBeUndefined();
    expect(nextDomainState('verified', outage, 'owner')).toEqual({ state: 'verified', failure: 'no answer' });
  });

  it('leaves a pending domain pending when the periodic check finds nothing; the owner sees it failed', () => {
    expect(nextDomainState('pending', missing, 'schedule')).toEqual({
      state: 'pending',
      failure: 'no record',
    });
    expect(nextDomainState('pending', outage, 'schedule')).toBeUndefined();
    expect(nextDomainState('pending', missing, 'owner')).toEqual({ state: 'failed', failure: 'no record' });
    expect(nextDomainState('failed', missing, 'schedule')).toEqual({ state: 'failed', failure: 'no record' });
    expect(nextDomainState('failed', outage, 'schedule')).toBeUndefined();
  });
});
