/**
 * Reads what each keystroke cost the page's main thread out of a Chromium trace (categories
 * `toplevel` and `devtools.timeline`), for bench/editor.ts.
 *
 * Why a trace and not a timer in the page: after a key event Chromium holds the page's other tasks
 * (a posted message, a timeout) until it has drawn the next frame, so a timer started at the key and
 * stopped in such a task measures the wait for the screen's next refresh, about 16.7 ms at 60 Hz,
 * whatever the page did (a two-word post measured the same as a 10,000-word one). The trace shows
 * the work itself: every task the main thread ran from the one that received the key until the next
 * key, which includes handling the key and drawing the frame that shows it.
 */

/** One event of Chromium's JSON trace format, as far as this reads it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { type?: string } };
}

export interface KeystrokeWork {
  /** Milliseconds of main-thread tasks from the key's task up to the next key. */
  work: number;
  /** Milliseconds from the start of the key's task to the end of the first task that painted after it. */
  toPaint: number | null;
}

/** Every top-level task the main thread runs is one of these (Chromium's task runner). */
const TASK = 'ThreadControllerImpl::RunTask';

function isKeyDown(event: TraceEvent): boolean {
  return event.name === 'EventDispatch' && event.args?.data?.type === 'keydown';
}

/**
 * One entry a keystroke, in the order typed. The keys must be typed far enough apart that each one's
 * frame is drawn before the next arrives (bench/editor.ts leaves 60 ms).
 */
export function keystrokeWork(events: readonly TraceEvent[]): KeystrokeWork[] {
  const keyDowns = events.filter(isKeyDown).sort((a, b) => a.ts - b.ts);
  const first = keyDowns[0];
  if (!first) return [];
  // The thread that received the keys is the page's main thread.
  const onMain = (event: TraceEvent) => event.pid === first.pid && event.tid === first.tid;
  const tasks = events
    .filter((event) => onMain(event) && event.ph === 'X' && event.name === TASK)
    .sort((a, b) => a.ts - b.ts);
  const paints = events.filter((event) => onMain(event) && event.name === 'Paint').map((event) => event.ts);

  const taskIndexOf = (ts: number) => {
    let found = -1;
    for (let index = 0; index < tasks.length && tasks[index]!.ts <= ts; index += 1) found = index;
    return found;
  };
  const starts = keyDowns.map((keyDown) => taskIndexOf(keyDown.ts));

  return starts.flatMap((start, key) => {
    if (start < 0) return [];
    const end = starts[key + 1] ?? tasks.length;
    const window = tasks.slice(start, end);
    const opened = window[0]!.ts;
    const work = window.reduce((sum, task) => sum + (task.dur ?? 0), 0);
    const painted = window.find((task) =>
      paints.some((paint) => paint >= task.ts && paint < task.ts + (task.dur ?? 0)),
    );
    return [
      {
        work: work / 1000,
        toPaint: painted ? (painted.ts + (painted.dur ?? 0) - opened) / 1000 : null,
      },
    ];
  });
}
