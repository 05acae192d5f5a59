import { useEffect, useState, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import type { useAutosave } from './use-autosave';

/**
 * Issue 10 §2: leaving with unsaved changes asks first. In-app navigation saves on the way out and
 * goes on by itself once the server has everything; closing the tab asks the browser's question.
 */
export function useLeaveGuard(
  autosave: ReturnType<typeof useAutosave>,
  isPublished: boolean,
  leaving: RefObject<boolean>,
) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      autosave.dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const [leaveSaving, setLeaveSaving] = useState(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || isPublished) return;
    setLeaveSaving(true);
    void autosave.flush().then(() => setLeaveSaving(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per blocked navigation
  }, [blocker.state]);
  useEffect(() => {
    if (blocker.state === 'blocked' && !leaveSaving && !autosave.dirty) blocker.proceed();
  }, [blocker, leaveSaving, autosave.dirty]);

  useEffect(() => {
    if (!autosave.dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers need a returnValue to show their own question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [autosave.dirty, leaving]);

  return {
    /** The question is on screen: the server could not take the changes on the way out. */
    asking: blocker.state === 'blocked' && !leaveSaving && autosave.dirty,
    leave: () => {
      leaving.current = true;
      autosave.stop();
      blocker.proceed?.();
    },
    stay: () => blocker.reset?.(),
  };
}
