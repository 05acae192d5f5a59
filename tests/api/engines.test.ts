import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface Manifest {
  engines?: { node?: string };
}
interface LockedPackage extends Manifest {
  version?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** npm's rule for os/cpu lists: entries may be negated with "!". */
function accepts(list: string[] | undefined, value: string): boolean {
  if (!list || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((entry) => !entry.startsWith('!'));
  return allowed.length === 0 || allowed.includes(value);
}

/** The oldest Node of each range package.json claims (`^22.13.0 || >=24` → 22.13.0 and 24.0.0). */
function oldestClaimed(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => {
    const lowest = semver.minVersion(new semver.Range(comparators.map((c) => c.value).join(' ')));
    if (!lowest) throw new Error(`no lowest version in ${range}`);
    return lowest.version;
  });
}

describe('engines tells the truth', () => {
  const claimed = manifest.engines?.node ?? '';
  const versions = [...oldestClaimed(claimed), '26.0.0'];

  it.each(versions)('every package npm would install here accepts Node %s', (version) => {
    expect(semver.satisfies(version, claimed)).toBe(true);
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      // npm skips optional packages built for another platform: they are never installed here.
      .filter(([, info]) => accepts(info.os, process.platform) && accepts(info.cpu, process.arch))
      .filter(([, info]) => info.engines?.node && !semver.satisfies(version, info.engines.node))
      .map(([path, info]) => `${path}@${info.version} wants ${info.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
