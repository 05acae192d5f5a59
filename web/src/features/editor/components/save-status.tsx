import type { SaveState } from '../hooks/use-autosave';

/** The words that say where the writing is (docs/decisions/0028-work-never-lost.md). */
export function saveStatusText(state: SaveState): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'offline':
      return 'Offline: kept on this device';
    case 'local':
      return 'Changes kept on this device until you update';
    case 'conflict':
      return 'Not saved: changed elsewhere';
    case 'error':
      return `Not saved (${state.message}): kept on this device`;
  }
}

/** A polite live region, so a screen reader hears "Saved" without losing its place. */
export function SaveStatus({ state }: { state: SaveState; isPublished: boolean }) {
  const modifier =
    state.kind === 'offline' || state.kind === 'error'
      ? 'offline'
      : state.kind === 'conflict'
        ? 'conflict'
        : 'ok';
  return (
    <p
      className={`editor-status__save editor-status__save--${modifier}`}
      role="status"
      data-save-state={state.kind}
    >
      {saveStatusText(state)}
    </p>
  );
}
