/** How late a step may come when the page is never idle: the reader still sees the marks soon. */
const LATEST_MS = 1000;

/**
 * Runs `steps` one at a time, each in an idle period of its own (requestIdleCallback, or a timer
 * where the browser has none), so work the page can wait for never holds up a reader's tap or
 * key, nor the page's first seconds. Answers a function that stops it before its next step.
 */
export function runInIdleSteps(steps: Iterator<unknown>): () => void {
  let stopped = false;
  let cancelNext = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(step, { timeout: LATEST_MS });
      cancelNext = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(step, 1);
      cancelNext = () => window.clearTimeout(handle);
    }
  };
  function step() {
    if (stopped) return;
    if (!steps.next().done) schedule();
  }
  schedule();
  return () => {
    stopped = true;
    cancelNext();
  };
}
