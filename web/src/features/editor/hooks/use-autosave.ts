import { useCallback, useEffect, useRef, useState } from 'react';
import { getPost } from '../../posts';
import { createStudioPost, updateStudioPost, type PostDraftInput } from '../../drafts';
import { versionOf, type StudioPost } from '../../drafts';
import {
  localCopyKey,
  removeLocalCopy,
  writeLastNewDraft,
  writeLocalCopy,
  type LocalCopy,
} from '../lib/local-copy';

/** A draft saves itself this long after typing stops. */
export const AUTOSAVE_DELAY_MS = 2000;

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  /** Nothing reached the server; the local copy holds the work. */
  | { kind: 'offline' }
  /** Kept on this device on purpose: a published post changes only on Update. */
  | { kind: 'local'; reason: 'published' }
  | { kind: 'conflict' }
  | { kind: 'error'; message: string };

export interface AutosaveOptions {
  /** The post being edited; null on /addblog until the first draft is saved. */
  postId: string | null;
  version: number | null;
  /** Published posts are not changed behind the writer's back: their edits stay local until Update. */
  serverSaves: boolean;
  read: () => PostDraftInput;
  /** A save reached the server: what it sent, and the post it made or changed. */
  onSaved?: (sent: PostDraftInput, post: StudioPost) => void;
}

export interface Autosave {
  state: SaveState;
  /** Unsaved changes exist (not on the server yet). */
  dirty: boolean;
  postId: string | null;
  version: number | null;
  /** Call after every change to the title or the body. */
  changed: () => void;
  /** Saves now (leaving the page, a button); resolves when done. */
  flush: () => Promise<void>;
  /** After a publish or update elsewhere in the form: the post's new state, nothing left to save. */
  settled: (post: StudioPost) => void;
  /** 409 resolution: drop the local edits and take the server's newest version. */
  takeTheirs: () => Promise<StudioPost | null>;
  /** 409 resolution: save these edits over the newer version, knowingly. */
  keepMine: () => Promise<void>;
  stop: () => void;
  /** A restored local copy that belongs to a draft already on the server continues that draft. */
  adopt: (postId: string, version: number | null) => void;
}

/**
 * The autosave (docs/decisions/0028-work-never-lost.md): a copy on this device at every pause, a draft on the server ~2 s after
 * typing stops, "Offline: kept on this device" when the server cannot be reached (retried when the
 * browser is back online), and a stale version shown as a conflict, never overwritten silently.
 */
export function useAutosave({
  postId: initialPostId,
  version: initialVersion,
  serverSaves,
  read,
  onSaved,
}: AutosaveOptions): Autosave {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [dirty, setDirty] = useState(false);
  const ids = useRef({ postId: initialPostId, version: initialVersion });
  const [postId, setPostId] = useState(initialPostId);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const revision = useRef(0);
  const inFlight = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  const conflict = useRef(false);
  const readRef = useRef(read);
  readRef.current = read;
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const serverSavesRef = useRef(serverSaves);
  serverSavesRef.current = serverSaves;

  const keepLocal = useCallback((values: PostDraftInput) => {
    const copy: LocalCopy = {
      ...values,
      postId: ids.current.postId,
      version: ids.current.version,
      savedAt: Date.now(),
    };
    // Under the draft's own key once it has one: a reload opens it at its own address.
    writeLocalCopy(localCopyKey(ids.current.postId), copy);
  }, []);

  const saveNow = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (stopped.current) return;
    if (inFlight.current) {
      await inFlight.current;
      if (revision.current === 0) return;
    }
    const values = readRef.current();
    const startedAt = revision.current;
    keepLocal(values);
    if (conflict.current) return;
    if (!serverSavesRef.current) {
      setState({ kind: 'local', reason: 'published' });
      return;
    }
    // Nothing written yet: no empty draft.
    if (!ids.current.postId && !values.title.trim() && !values.content.trim()) return;
    setState({ kind: 'saving' });
    const run = (async () => {
      const { postId: id, version } = ids.current;
      const result = id
        ? await updateStudioPost(id, { ...values, version, autosave: true })
        : await createStudioPost({ ...values, autosave: true }, { status: 'draft' });
      if (stopped.current) return;
      if (result.ok) {
        const post = result.data.response;
        ids.current = { postId: post.id, version: versionOf(post) };
        setPostId(post.id);
        if (!id) {
          writeLastNewDraft({ postId: post.id, title: post.title });
          // The copy of the post that had no address yet moves to the draft's key (or goes, below).
          removeLocalCopy(localCopyKey(null));
        }
        if (revision.current === startedAt) {
          revision.current = 0;
          setDirty(false);
          removeLocalCopy(localCopyKey(post.id));
        } else if (!id) {
          keepLocal(readRef.current());
        }
        setState({ kind: 'saved', at: Date.now() });
        onSavedRef.current?.(values, post);
        return;
      }
      if (result.error.kind === 'network') setState({ kind: 'offline' });
      else if (result.error.status === 409) {
        conflict.current = true;
        setState({ kind: 'conflict' });
      } else if (result.error.kind !== 'aborted') setState({ kind: 'error', message: result.error.message });
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    // Typing went on while the save was on its way: that is saved at the next pause.
    if (revision.current !== 0 && revision.current !== startedAt && !stopped.current && !timer.current) {
      timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    }
  }, [keepLocal]);

  const changed = useCallback(() => {
    revision.current += 1;
    setDirty(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
  }, [saveNow]);

  // Back online: what was kept on this device goes to the server.
  useEffect(() => {
    const onOnline = () => {
      if (revision.current !== 0) void saveNow();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [saveNow]);

  // Leaving the page (closing the tab, a reload): the local copy is written at once, whatever happens
  // to the request.
  useEffect(() => {
    const onPageHide = () => {
      if (revision.current !== 0 && !stopped.current) keepLocal(readRef.current());
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [keepLocal]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const settled = useCallback(
    (post: StudioPost) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      ids.current = { postId: post.id, version: versionOf(post) };
      setPostId(post.id);
      revision.current = 0;
      conflict.current = false;
      setDirty(false);
      removeLocalCopy(localCopyKey(initialPostId));
      removeLocalCopy(localCopyKey(post.id));
      setState({ kind: 'saved', at: Date.now() });
    },
    [initialPostId],
  );

  const newest = useCallback(async (): Promise<StudioPost | null> => {
    const id = ids.current.postId;
    if (!id) return null;
    const result = await getPost(id);
    if (!result.ok) {
      setState({ kind: 'error', message: result.error.message });
      return null;
    }
    return result.data;
  }, []);

  const takeTheirs = useCallback(async () => {
    const post = await newest();
    if (post) settled(post);
    return post;
  }, [newest, settled]);

  const keepMine = useCallback(async () => {
    const post = await newest();
    if (!post) return;
    ids.current = { postId: post.id, version: versionOf(post) };
    conflict.current = false;
    revision.current = Math.max(revision.current, 1);
    await saveNow();
  }, [newest, saveNow]);

  const adopt = useCallback((id: string, version: number | null) => {
    ids.current = { postId: id, version };
    setPostId(id);
  }, []);

  const stop = useCallback(() => {
    stopped.current = true;
    if (timer.current) clearTimeout(timer.current);
  }, []);

  return {
    state,
    dirty,
    postId,
    version: ids.current.version,
    changed,
    flush: saveNow,
    settled,
    takeTheirs,
    keepMine,
    stop,
    adopt,
  };
}
