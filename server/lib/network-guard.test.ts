import { describe, expect, it } from 'vitest';
import { isPublicAddress, resolveDestination, type HostResolver } from './network-guard';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.251',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('resolveDestination', () => {
  const resolver =
    (answers: string[]): HostResolver =>
    async () =>
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('pins the first address once every answer is public', async () => {
    const destination = await resolveDestination(new URL('https://example.com/x'), {
      allowPrivate: false,
      resolve: resolver(['93.184.216.34', '2606:2800:220:1::1']),
    });
    expect(destination).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses when any answer is inside, and localhost names without asking DNS', async () => {
    const options = { allowPrivate: false, resolve: resolver(['93.184.216.34', '10.0.0.1']) };
    await expect(resolveDestination(new URL('https://example.com/x'), options)).rejects.toThrow(
      /resolves to 10\.0\.0\.1/,
    );
    const never: HostResolver = () => Promise.reject(new Error('asked DNS'));
    await expect(
      resolveDestination(new URL('http://api.localhost/x'), { allowPrivate: false, resolve: never }),
    ).rejects.toThrow(/resolves to 127\.0\.0\.1/);
  });

  it('lets the operator allow private networks', async () => {
    const destination = await resolveDestination(new URL('http://[::1]:8080/x'), {
      allowPrivate: true,
      resolve: resolver([]),
    });
    expect(destination).toEqual({ address: '::1', family: 6 });
  });
});
