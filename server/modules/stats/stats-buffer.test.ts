import { describe, expect, it } from 'vitest';
import { StatsBuffer, type AcceptedEvent } from './stats-buffer';
import { StatsCollector } from './stats-collector';
import type { PageOwner, StatsBatch, StatsRepository } from './stats-repository';

const POST = 'p1';
const WRITER = 'w1';
const owners: PageOwner[] = [{ kind: 'post', id: POST, authorId: WRITER, publicationId: WRITER }];
const at = Date.parse('2026-11-29T10:15:00.000Z');

const view = (visitor: string, extra: Partial<AcceptedEvent> = {}): AcceptedEvent => ({
  kind: 'post',
  id: POST,
  event: 'view',
  visitor,
  source: 'news.example',
  facts: { device: 'desktop', browser: 'Chrome' },
  viewerId: undefined,
  ...extra,
});

describe('StatsBuffer', () => {
  it('holds a counter per page, hour, source, device and browser, and a visitor once a day, however many events', () => {
    const buffer = new StatsBuffer();
    for (let n = 0; n < 1_000; n += 1) buffer.add(view(`v${n % 3}`), at + n);
    buffer.add(view('v0', { event: 'read' }), at + 2_000);
    buffer.add(view('v0'), at + 60 * 60_000);
    expect(buffer.events).toBe(1_002);
    expect(buffer.pages()).toEqual([{ kind: 'post', id: POST }]);

    const batch = buffer.batch(owners);
    expect(batch.hours.map(({ hour, views, reads }) => ({ hour, views, reads }))).toEqual([
      { hour: '2026-11-29T10', views: 1_000, reads: 1 },
      { hour: '2026-11-29T11', views: 1, reads: 0 },
    ]);
    expect(batch.days.map(({ day, views, reads }) => ({ day, views, reads }))).toEqual([
      { day: '2026-11-29', views: 1_001, reads: 1 },
    ]);
    expect(batch.sources.map(({ dimension, value, views }) => [dimension, value, views])).toEqual([
      ['source', 'news.example', 1_001],
      ['device', 'desktop', 1_001],
      ['browser', 'Chrome', 1_001],
    ]);
    // Three visitors, each once for the page, the writer and the blog; the last sighting kept.
    expect(batch.visitors).toHaveLength(9);
    expect(batch.live).toContainEqual({
      scope: `author:${WRITER}`,
      hash: 'v0',
      seenAt: new Date(at + 60 * 60_000).toISOString(),
    });
  });

  it("leaves out a writer's own views and pages that cannot be counted", () => {
    const buffer = new StatsBuffer();
    buffer.add(view('me', { viewerId: WRITER }), at);
    buffer.add(view('me', { id: 'draft' }), at);
    buffer.add(view('reader', { viewerId: 'someone' }), at);
    const batch = buffer.batch(owners);
    expect(batch.days.map((row) => row.views)).toEqual([1]);
    expect(batch.visitors.map((row) => row.hash)).toEqual(['reader', 'reader', 'reader']);
  });
});

describe('StatsCollector', () => {
  it('adds a failed round back to what came meanwhile: nothing lost, nothing twice', async () => {
    const written: StatsBatch[] = [];
    let fail = true;
    const repository = {
      owners: () => Promise.resolve(owners),
      write: (batch: StatsBatch) => {
        if (fail) return Promise.reject(new Error('database away'));
        written.push(batch);
        return Promise.resolve();
      },
    } as unknown as StatsRepository;
    const collector = new StatsCollector(
      repository,
      { flushIntervalMs: 60_000, flushAtEvents: 1_000, maxPendingEvents: 10_000 },
      { warn: () => undefined },
      { add: () => ({ wake: () => undefined, stopped: false }) },
      () => at,
    );
    collector.add(view('a'));
    collector.add(view('b'));
    await expect(collector.flush()).rejects.toThrow('database away');
    expect(collector.waiting).toBe(2);
    collector.add(view('a'));
    fail = false;
    await collector.flush();
    expect(collector.waiting).toBe(0);
    expect(written.map((batch) => batch.days.map((row) => row.views))).toEqual([[3]]);
    expect(written[0]?.visitors.filter((row) => row.page)).toHaveLength(2);
  });
});
