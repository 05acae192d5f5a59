/**
 * A post's version history (docs/decisions/0076-post-versions.md): what its writer saved, each
 * entry a whole copy of the title and the Markdown, so one can be read or restored on its own.
 * No Zod here: the writing page's history panel imports it.
 */

/** How a version was saved: the editor's pause, a button, publishing, or restoring an older one. */
export const POST_VERSION_KINDS = ['autosave', 'manual', 'publish', 'restore'] as const;
export type PostVersionKind = (typeof POST_VERSION_KINDS)[number];

/**
 * An autosave this soon after the start of the post's latest entry, itself an autosave, replaces
 * it: the editor saves ~2 s after every pause, and a history of those would be unreadable.
 */
export const AUTOSAVE_COALESCE_MS = 5 * 60_000;

export const VERSION_NOT_FOUND_MESSAGE = 'Version not found';

/** A version in the list: when, how, and how much it changed since the one before. */
export interface PostVersionSummary {
  id: string;
  postId: string;
  kind: PostVersionKind;
  title: string;
  /** When the text it holds was saved (an entry replaced by autosaves: the latest of them). */
  savedAt: string;
  /** Words added and removed since the previous version (title and body); the first counts all. */
  wordsAdded: number;
  wordsRemoved: number;
}

/** One version with its text. */
export interface PostVersion extends PostVersionSummary {
  /** Markdown, as it was saved. */
  content: string;
}

/** The text two versions are compared by: the title on its own line, then the body. */
export const versionText = (version: { title: string; content: string }) =>
  `${version.title}\n\n${version.content}`;
