import { describe, expect, it } from 'vitest';
import { keystrokeWork, type TraceEvent } from './keystroke-trace';

const MAIN = { pid: 7, tid: 1 };
const task = (ts: number, dur: number, thread = MAIN): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ts,
  dur,
  ...thread,
});
const keyDown = (ts: number): TraceEvent => ({
  name: 'EventDispatch',
  ph: 'X',
  ts,
  dur: 50,
  args: { data: { type: 'keydown' } },
  ...MAIN,
});
const paint = (ts: number, thread = MAIN): TraceEvent => ({
  name: 'Paint',
  ph: 'X',
  ts,
  dur: 100,
  ...thread,
});

describe('keystrokeWork', () => {
  it('adds up the tasks from each key to the next, and times the first paint after the key', () => {
    const events = [
      // Before the first key: not charged to any keystroke.
      task(0, 9_000),
      // Key 1: its task (4 ms), a frame (1.5 ms, painting), a timer (0.5 ms).
      task(10_000, 4_000),
      keyDown(10_100),
      task(16_000, 1_500),
      paint(16_500),
      task(30_000, 500),
      // Key 2: one task that also paints, then the frame of another page's thread.
      task(70_000, 3_000),
      keyDown(70_200),
      paint(72_000),
      task(75_000, 2_000, { pid: 8, tid: 1 }),
      paint(75_500, { pid: 8, tid: 1 }),
    ];
    expect(keystrokeWork(events)).toEqual([
      { work: 6, toPaint: 7.5 },
      { work: 3, toPaint: 3 },
    ]);
  });

  it('reports no paint when none followed the key, and nothing without keys', () => {
    expect(keystrokeWork([task(0, 2_000), keyDown(100)])).toEqual([{ work: 2, toPaint: null }]);
    expect(keystrokeWork([task(0, 2_000), paint(100)])).toEqual([]);
  });
});
