import { useEffect, useId, useRef, useState } from 'react';
import type {
  PostVersion,
  PostVersionKind,
  PostVersionSummary,
} from '../../../../../contracts/post-versions';
import { versionText } from '../../../../../contracts/post-versions';
import type { PostInput } from '../../../../../contracts/posts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { StudioPost } from '../../drafts';
import { getPostVersion, listPostVersions, restorePostVersion } from '../api/post-versions';
import { VersionDiff } from './version-diff';
import './version-history.css';

const KIND_LABELS: Record<PostVersionKind, string> = {
  autosave: 'Autosaved',
  manual: 'Saved',
  publish: 'Published',
  restore: 'Restored',
};

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "3 minutes ago", "yesterday": the list is read by how long ago, the exact time is in its title. */
function ago(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
    ['month', 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return unit === 'second' ? 'just now' : relative.format(value, unit);
    value = Math.round(value / size);
  }
  return relative.format(value, 'year');
}

export interface VersionHistoryProps {
  postId: string;
  /** The editor's title and body now: what each version is compared with. */
  readCurrent: () => PostInput;
  /** Saves what the editor holds before a restore replaces it, so it is in the history too. */
  beforeRestore: () => Promise<void>;
  /** The post after a restore, and what to tell the writer: the editor shows its text. */
  onRestored: (post: StudioPost, notice: string) => void;
  onClose: () => void;
}

type Loaded<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

/**
 * The version history (docs/decisions/0076-post-versions.md), loaded when the writer opens it: a
 * native modal <dialog> (the browser traps focus, Escape closes it, focus returns to the button),
 * the list of versions, and the chosen one compared with the editor's text, with Restore.
 */
export function VersionHistory({
  postId,
  readCurrent,
  beforeRestore,
  onRestored,
  onClose,
}: VersionHistoryProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const [versions, setVersions] = useState<Loaded<PostVersionSummary[]>>({ state: 'loading' });
  const [chosen, setChosen] = useState<PostVersionSummary | null>(null);
  const [detail, setDetail] = useState<Loaded<PostVersion> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [now] = useState(() => Date.now());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    headingRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void listPostVersions(postId, controller.signal).then((result) => {
      if (result.ok) setVersions({ state: 'ready', value: result.data });
      else if (result.error.kind !== 'aborted')
        setVersions({ state: 'failed', message: result.error.message });
    });
    return () => controller.abort();
  }, [postId]);

  useEffect(() => {
    if (!chosen) return;
    const controller = new AbortController();
    setDetail({ state: 'loading' });
    void getPostVersion(chosen.id, controller.signal).then((result) => {
      if (result.ok) setDetail({ state: 'ready', value: result.data });
      else if (result.error.kind !== 'aborted') setDetail({ state: 'failed', message: result.error.message });
    });
    return () => controller.abort();
  }, [chosen]);

  const restore = async () => {
    if (!chosen) return;
    setRestoring(true);
    setRestoreError(null);
    await beforeRestore();
    const result = await restorePostVersion(chosen.id);
    setRestoring(false);
    if (!result.ok) {
      setRestoreError(result.error.message);
      return;
    }
    setConfirming(false);
    onRestored(result.data, `Restored the version saved ${exact.format(new Date(chosen.savedAt))}.`);
  };

  return (
    <dialog
      ref={ref}
      className="version-history"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!restoring && !confirming) onClose();
      }}
    >
      <div className="version-history__head">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="version-history__title">
          Version history
        </h2>
        <button className="button button--secondary" type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {versions.state === 'loading' ? <p role="status">Loading versions…</p> : null}
      {versions.state === 'failed' ? (
        <p className="form-error" role="alert">
          {versions.message}
        </p>
      ) : null}
      {versions.state === 'ready' ? (
        versions.value.length === 0 ? (
          <p>No saved versions yet: one is kept each time the post is saved.</p>
        ) : (
          <ol className="version-history__list" aria-label="Saved versions, newest first">
            {versions.value.map((version) => (
              <li key={version.id}>
                <button
                  type="button"
                  className="version-history__item"
                  aria-current={chosen?.id === version.id ? 'true' : undefined}
                  onClick={() => setChosen(version)}
                >
                  <span className="version-history__kind">{KIND_LABELS[version.kind]}</span>
                  <time dateTime={version.savedAt} title={exact.format(new Date(version.savedAt))}>
                    {ago(version.savedAt, now)}
                  </time>
                  <span className="version-history__change">
                    <span aria-hidden="true">
                      +{version.wordsAdded} / −{version.wordsRemoved}
                    </span>
                    <span className="visually-hidden">
                      {version.wordsAdded} words added, {version.wordsRemoved} removed
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )
      ) : null}
      {chosen && detail ? (
        <section className="version-history__detail" aria-label="The chosen version compared with your text">
          {detail.state === 'loading' ? <p role="status">Loading the version…</p> : null}
          {detail.state === 'failed' ? (
            <p className="form-error" role="alert">
              {detail.message}
            </p>
          ) : null}
          {detail.state === 'ready' ? (
            <>
              <div className="version-history__detail-head">
                <p className="version-history__legend">
                  What Restore would change in your text: <ins>words it brings back</ins>,{' '}
                  <del>words it takes out</del>.
                </p>
                <button className="button button--primary" type="button" onClick={() => setConfirming(true)}>
                  Restore this version
                </button>
              </div>
              <VersionDiff before={versionText(readCurrent())} after={versionText(detail.value)} />
            </>
          ) : null}
        </section>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Restore this version?"
        confirmLabel="Restore"
        pendingLabel="Restoring…"
        pending={restoring}
        error={restoreError}
        onConfirm={() => void restore()}
        onCancel={() => {
          setConfirming(false);
          setRestoreError(null);
        }}
      >
        <p>
          The post’s title and text become this version’s. Your current text is saved first and stays in the
          history, so nothing is lost.
        </p>
      </ConfirmDialog>
    </dialog>
  );
}
