import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PostDraftInput, StudioPost } from '../../drafts';
import { SeriesPickerPlaceholder, type SeriesChoiceOptions, type SeriesPickerProps } from './series-field';

// Its code and its reads (the writer's series, their publications) are not part of the page's
// first load, which has a budget (decision 43): see DeferredPicker.
const SeriesPicker = lazy(() =>
  import('./series-picker').then((module) => ({ default: module.SeriesPicker })),
);

/** What shows the writer is at work on the page. */
const INTENT_EVENTS = ['keydown', 'pointerdown', 'focusin'] as const;

/**
 * The field, fetched and read once it is wanted (decision 0086): at once for a post being edited
 * (the field says which series it is in), else when the writer first types, clicks or moves the
 * focus anywhere on the page, or when the field comes on screen. Until then, its placeholder
 * holds its box.
 */
function DeferredPicker(props: SeriesPickerProps) {
  const [wanted, setWanted] = useState(props.postId !== null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const name of INTENT_EVENTS) document.addEventListener(name, want, { capture: true, once: true });
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) want();
          });
    if (observer && box.current) observer.observe(box.current);
    else want();
    return () => {
      for (const name of INTENT_EVENTS) document.removeEventListener(name, want, { capture: true });
      observer?.disconnect();
    };
  }, [wanted]);

  if (!wanted) {
    return (
      <div ref={box}>
        <SeriesPickerPlaceholder />
      </div>
    );
  }
  return (
    <Suspense fallback={<SeriesPickerPlaceholder />}>
      <SeriesPicker {...props} />
    </Suspense>
  );
}

/**
 * The writing page's series (decision 0086): which of the writer's series of the post's blog it
 * belongs to. `changes` is what a save sends: nothing until the writer picks, then `seriesId`, the
 * series' id (the post joins it as its last part, or keeps its place) or null (it leaves its
 * series), with every save, autosave included, so a new draft's first save carries it, until a
 * save has carried it. `saved` is told of each save that reached the server: from then on the choice
 * is not sent again (a part the writer then took out in Your series stays out), and the field shows
 * the series as the server now has it.
 */
export function useSeriesChoice(options: SeriesChoiceOptions) {
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  // The choice the last save carried, numbered so that the field, once it has read the series again,
  // knows whether a later save went out meanwhile.
  const [settled, setSettled] = useState<{ choice: string | null; revision: number } | null>(null);
  const revision = useRef(0);
  // A new post's id, once its first save made it.
  const [savedPostId, setSavedPostId] = useState<string | null>(null);
  const choiceRef = useRef(choice);
  choiceRef.current = choice;
  const settledRef = useRef(settled);
  settledRef.current = settled;

  const unsent = choice !== undefined && choice !== settled?.choice;
  const changes: { seriesId?: string | null } = unsent ? { seriesId: choice } : {};

  const saved = useCallback((sent: PostDraftInput, post: StudioPost) => {
    setSavedPostId(post.id);
    if (sent.seriesId === undefined) return;
    revision.current += 1;
    setSettled({ choice: sent.seriesId, revision: revision.current });
  }, []);

  // The field read the series after the save numbered `after`: it now shows where the post is.
  const caughtUp = useCallback((after: number) => {
    const done = settledRef.current;
    if (done?.revision !== after) return;
    if (choiceRef.current === done.choice) setChoice(undefined);
    setSettled(null);
  }, []);

  const picker = (
    <DeferredPicker
      {...options}
      postId={options.postId ?? savedPostId}
      choice={choice}
      onChoose={setChoice}
      savedRevision={settled?.revision ?? 0}
      onCaughtUp={caughtUp}
    />
  );
  return { changes, picker, saved };
}
