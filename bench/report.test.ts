import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load';
import type { PacedLoadResult } from './paced';
import { checkTargets } from './report';
import type { Scenario } from './scenarios';

const scenario: Scenario = {
  name: 'read',
  description: 'a read',
  paths: ['/api/post/blog?id=x'],
  maxCpuMultiple: 4,
};

function load(p99: number): LoadResult {
  return {
    requestsPerSecond: 1000,
    requests: 10_000,
    latencyMs: { mean: p99 / 2, p50: p99 / 2, p90: p99, p95: p99, p99, max: p99 },
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    durationSeconds: 10,
  };
}

const paced = (p99: number, lagP99: number): PacedLoadResult => ({
  ...load(p99),
  sendLagMs: { p50: lagP99 / 2, p99: lagP99 },
});

const halfLoadCheck = (result: PacedLoadResult) =>
  checkTargets(scenario, { inkwell: load(5), paced: result, ratio: 0.5, cpuMultiple: 3 }, false).find(
    (check) => check.target.startsWith('½-load'),
  );

describe('the half-load latency target', () => {
  it('is judged when the load generator kept to its schedule', () => {
    expect(halfLoadCheck(paced(4, 0.2))).toMatchObject({ pass: true });
    expect(halfLoadCheck(paced(40, 0.2))).toMatchObject({ pass: false });
    expect(halfLoadCheck(paced(40, 0.2))?.unjudged).toBeUndefined();
    // Node's timers wake a few milliseconds late at any rate: that alone is no reason not to judge.
    expect(halfLoadCheck(paced(102, 3.6))).toMatchObject({ pass: false });
    expect(halfLoadCheck(paced(102, 3.6))?.unjudged).toBeUndefined();
  });

  it('is not judged, and never passes, when the generator sent its requests late', () => {
    const check = halfLoadCheck(paced(900, 35));
    expect(check).toMatchObject({ pass: false, unjudged: 'the load generator sent 35.0 ms late (p99)' });
  });
});
