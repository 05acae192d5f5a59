import { appStorage, type KeyValueStorage } from '../../../lib/storage';

/**
 * The copy of a post kept on this device while it is not yet on the server. Its own
 * namespaced keys, apart from specification §3's session keys.
 */
export interface LocalCopy {
  title: string;
  content: string;
  /** The server's post once the first draft was saved; null for a post that exists only here. */
  postId: string | null;
  version: number | null;
  /** When it was written, in ms since the epoch. */
  savedAt: number;
}

const PREFIX = 'inkwell.editor.v1';

export function localCopyKey(postId: string | null): string {
  return `${PREFIX}:${postId ?? 'new'}`;
}

/** The key pointing at the draft a new post became, so /addblog can offer to continue it. */
export const LAST_NEW_DRAFT_KEY = `${PREFIX}:last-new-draft`;

export function readLocalCopy(key: string, storage: KeyValueStorage = appStorage): LocalCopy | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const copy = value as Partial<LocalCopy>;
    if (
      typeof copy.title !== 'string' ||
      typeof copy.content !== 'string' ||
      typeof copy.savedAt !== 'number'
    ) {
      return null;
    }
    return {
      title: copy.title,
      content: copy.content,
      postId: typeof copy.postId === 'string' ? copy.postId : null,
      version: typeof copy.version === 'number' ? copy.version : null,
      savedAt: copy.savedAt,
    };
  } catch {
    return null;
  }
}

export function writeLocalCopy(key: string, copy: LocalCopy, storage: KeyValueStorage = appStorage): boolean {
  try {
    storage.setItem(key, JSON.stringify(copy));
    return true;
  } catch {
    // A full or locked storage: the server save is then the only copy, and the status says so.
    return false;
  }
}

export function removeLocalCopy(key: string, storage: KeyValueStorage = appStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do: the copy could not be stored either.
  }
}

export interface LastNewDraft {
  postId: string;
  title: string;
}

export function readLastNewDraft(storage: KeyValueStorage = appStorage): LastNewDraft | null {
  try {
    const value = JSON.parse(storage.getItem(LAST_NEW_DRAFT_KEY) ?? 'null') as Partial<LastNewDraft> | null;
    return value && typeof value.postId === 'string' && typeof value.title === 'string'
      ? { postId: value.postId, title: value.title }
      : null;
  } catch {
    return null;
  }
}

export function writeLastNewDraft(draft: LastNewDraft | null, storage: KeyValueStorage = appStorage): void {
  try {
    if (draft) storage.setItem(LAST_NEW_DRAFT_KEY, JSON.stringify(draft));
    else storage.removeItem(LAST_NEW_DRAFT_KEY);
  } catch {
    // Only a convenience: the draft is still in the Drafts list.
  }
}
