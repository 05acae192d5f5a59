import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Series, SeriesPart } from '../../../../../contracts/series';
import { seriesPath } from '../../../../../contracts/series';
import { AppLink } from '../../../components/ui/app-link';
import { FormError } from '../../../components/ui/form-error';
import { canonicalPostPath, editPostPath } from '../../../lib/paths';
import { deleteSeries, listSeriesCandidates, setSeriesPosts, updateSeries } from '../api/manage-series';
import { SeriesForm } from './series-form';

// Only a writer who deletes a series downloads the confirmation dialog.
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../components/ui/confirm-dialog')).ConfirmDialog,
}));

export interface SeriesManagerProps {
  series: Series;
  /** Bumped by the page after any change to any series: the posts offered to add may have changed. */
  changes: number;
  onChange: (series: Series) => void;
  onDeleted: (id: string) => void;
  /** Said by the page's live region. */
  announce: (text: string) => void;
}

type Candidates =
  { kind: 'loading' } | { kind: 'loaded'; posts: SeriesPart[] } | { kind: 'failed'; message: string };

/**
 * One series as its managers see it: its title and description (edited in place), its parts in
 * order with Move up, Move down and Remove on each (the keyboard's way to reorder: each move is
 * saved at once and its new place announced), the posts that can join it, and Delete (its posts
 * stay). The whole list is sent on each change (decision 0078): moves made in quick succession are
 * sent one after the other, in order.
 */
export function SeriesManager({ series, changes, onChange, onDeleted, announce }: SeriesManagerProps) {
  const headingId = useId();
  const selectId = useId();
  const [editing, setEditing] = useState(false);
  const [parts, setParts] = useState(series.parts);
  const [partsError, setPartsError] = useState<string | null>(null);
  const [candidates, setCandidates] = useState<Candidates>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const confirmed = useRef(series.parts);
  const list = useRef<HTMLOListElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    void listSeriesCandidates(series.id, controller.signal).then((result) => {
      if (result.ok) setCandidates({ kind: 'loaded', posts: result.data });
      else if (result.error.kind !== 'aborted')
        setCandidates({ kind: 'failed', message: result.error.message });
    });
    return () => controller.abort();
  }, [series.id, changes, attempt]);

  /** Shows `next` at once and saves it after any save still on its way; a failure puts back the last saved list. */
  const save = (next: SeriesPart[], said: string) => {
    setParts(next);
    setPartsError(null);
    const ids = next.map((part) => part.id);
    const sending = queue.current.then(async () => {
      const result = await setSeriesPosts(series.id, ids);
      if (result.ok) {
        confirmed.current = result.data.parts;
        announce(said);
        onChange(result.data);
        return true;
      }
      setParts(confirmed.current);
      setPartsError(result.error.message);
      return false;
    });
    queue.current = sending;
    return sending;
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const part = parts[index];
    if (!part || to < 0 || to >= parts.length) return;
    const next = [...parts];
    next.splice(index, 1);
    next.splice(to, 0, part);
    void save(next, `“${part.title}” is now part ${to + 1} of ${next.length}.`);
    // The same button on the moved part keeps the focus, so pressing it again moves it on.
    requestAnimationFrame(() => {
      const button = list.current?.querySelector<HTMLButtonElement>(
        `[data-part="${part.id}"] [data-move="${by < 0 ? 'up' : 'down'}"]`,
      );
      button?.focus();
    });
  };

  const remove = (index: number) => {
    const part = parts[index];
    if (!part) return;
    const next = parts.filter((_, at) => at !== index);
    void save(next, `“${part.title}” is removed from the series. Its post stays.`);
    requestAnimationFrame(() => {
      const after = next[Math.min(index, next.length - 1)];
      const target = after
        ? list.current?.querySelector<HTMLButtonElement>(`[data-part="${after.id}"] [data-remove]`)
        : document.getElementById(selectId);
      target?.focus();
    });
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const posts = candidates.kind === 'loaded' ? candidates.posts : [];
    const post = posts.find((candidate) => candidate.id === chosen);
    if (!post) {
      setAddError('Choose a post to add');
      document.getElementById(selectId)?.focus();
      return;
    }
    setAddError(null);
    const next = [...parts, post];
    // Cleared at once, as the part shows at once: cleared when the save answers, it would wipe a
    // post the writer has chosen meanwhile. A failed save offers the post again if nothing else is.
    setChosen('');
    void save(next, `“${post.title}” is added as part ${next.length} of ${next.length}.`).then((saved) => {
      if (!saved) setChosen((current) => current || post.id);
    });
  };

  const confirmDelete = async () => {
    setDeleting(true);
    setDeleteError(null);
    const result = await deleteSeries(series.id);
    setDeleting(false);
    if (!result.ok) {
      setDeleteError(result.error.message);
      return;
    }
    setConfirming(false);
    announce(`“${series.title}” is deleted. Its posts stay.`);
    onDeleted(series.id);
  };

  const offered =
    candidates.kind === 'loaded'
      ? candidates.posts.filter((post) => !parts.some((part) => part.id === post.id))
      : [];
  const publication = series.owner.publication;

  return (
    <section className="series-manager" aria-labelledby={headingId}>
      {editing ? (
        <>
          <h2 id={headingId} className="series-manager__title">
            Edit “{series.title}”
          </h2>
          <SeriesForm
            initial={{ title: series.title, description: series.description }}
            submitLabel="Save"
            pendingLabel="Saving…"
            save={(input) => updateSeries(series.id, input)}
            onSaved={(saved) => {
              setEditing(false);
              onChange(saved);
              announce(`Saved “${saved.title}”.`);
              requestAnimationFrame(() => editButton.current?.focus());
            }}
            onCancel={() => {
              setEditing(false);
              requestAnimationFrame(() => editButton.current?.focus());
            }}
          />
        </>
      ) : (
        <>
          <h2 id={headingId} className="series-manager__title">
            {series.title}
          </h2>
          <p className="series-manager__meta">
            {publication ? `In ${publication.name}` : 'Your blog'} ·{' '}
            <AppLink to={seriesPath(series.id)}>Its page</AppLink>
          </p>
          {series.description ? <p className="series-manager__description">{series.description}</p> : null}
          <p className="series-manager__actions">
            <button
              ref={editButton}
              type="button"
              className="button button--secondary"
              aria-label={`Edit “${series.title}”`}
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label={`Delete “${series.title}”`}
              onClick={() => {
                setDeleteError(null);
                setConfirming(true);
              }}
            >
              Delete
            </button>
          </p>
        </>
      )}

      <h3 className="series-manager__subtitle">Parts</h3>
      {parts.length === 0 ? (
        <p className="series-manager__empty">No posts yet. Add the first below.</p>
      ) : (
        <ol className="series-parts" ref={list}>
          {parts.map((part, index) => (
            <li key={part.id} className="series-parts__item" data-part={part.id}>
              <span className="series-parts__number">Part {index + 1}</span>
              <span className="series-parts__title">
                <AppLink to={part.visible === false ? editPostPath(part.id) : canonicalPostPath(part.id)}>
                  {part.title || 'Untitled'}
                </AppLink>
                {part.visible === false ? (
                  <span className="series-parts__hidden"> · Not shown to readers yet</span>
                ) : null}
              </span>
              <span className="series-parts__buttons">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  data-move="up"
                  aria-label={`Move “${part.title}” up`}
                  aria-disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <span aria-hidden="true">↑</span> Up
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  data-move="down"
                  aria-label={`Move “${part.title}” down`}
                  aria-disabled={index === parts.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <span aria-hidden="true">↓</span> Down
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  data-remove=""
                  aria-label={`Remove “${part.title}” from the series`}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <FormError message={partsError} />

      <form className="series-add" noValidate onSubmit={add}>
        <label htmlFor={selectId}>Add a post</label>
        {candidates.kind === 'failed' ? (
          <div className="error-retry" role="alert">
            <p className="error-retry__message">{candidates.message}</p>
            <button
              className="button button--secondary"
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
            >
              Retry
            </button>
          </div>
        ) : null}
        <div className="series-add__row">
          <select
            id={selectId}
            className="field__input"
            value={chosen}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? `${selectId}-error` : undefined}
            disabled={candidates.kind === 'loading'}
            onChange={(event) => {
              setChosen(event.target.value);
              setAddError(null);
            }}
          >
            <option value="">
              {candidates.kind === 'loading'
                ? 'Loading posts…'
                : offered.length === 0
                  ? 'No other posts to add'
                  : 'Choose a post'}
            </option>
            {offered.map((post) => (
              <option key={post.id} value={post.id}>
                {post.title || 'Untitled'}
                {post.visible === false ? ' (not shown to readers yet)' : ''}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--primary" aria-label={`Add to “${series.title}”`}>
            Add
          </button>
        </div>
        {addError ? (
          <p className="field__error" id={`${selectId}-error`}>
            {addError}
          </p>
        ) : null}
      </form>

      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={`Delete “${series.title}”?`}
            confirmLabel="Delete series"
            pendingLabel="Deleting…"
            pending={deleting}
            error={deleteError}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setConfirming(false)}
          >
            <p>The series goes; its posts stay, published as they are.</p>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </section>
  );
}
