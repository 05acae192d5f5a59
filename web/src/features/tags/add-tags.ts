import { parseTagName, TAGS_PER_POST_MAX, TOO_MANY_TAGS_MESSAGE } from '../../../../contracts/tag-rules';

export interface AddTagsResult {
  /** The post's tags afterwards. */
  tags: string[];
  /** What was added, normalized, in order. */
  added: string[];
  /** Why something typed was not added (the last reason), or null. */
  problem: string | null;
  /** Entries refused for a reason the writer can fix (not duplicates), to stay in the box. */
  kept: string[];
}

export function alreadyThereMessage(tag: string): string {
  return `“${tag}” is already a topic of this post`;
}

/**
 * Adds what the writer typed (one entry, or several split at commas) to a post's tags by the
 * server's own rule: each normalized, duplicates and blanks skipped, at most five, and the reason
 * for anything refused kept for the field's error line.
 */
export function addTags(current: readonly string[], entries: readonly string[]): AddTagsResult {
  const tags = [...current];
  const added: string[] = [];
  const kept: string[] = [];
  let problem: string | null = null;
  for (const entry of entries) {
    if (entry.trim() === '') continue;
    const parsed = parseTagName(entry);
    if (parsed.ok && tags.includes(parsed.tag)) {
      problem = alreadyThereMessage(parsed.tag);
    } else if (!parsed.ok || tags.length >= TAGS_PER_POST_MAX) {
      problem = parsed.ok ? TOO_MANY_TAGS_MESSAGE : parsed.message;
      kept.push(entry.trim());
    } else {
      tags.push(parsed.tag);
      added.push(parsed.tag);
    }
  }
  return { tags, added, problem, kept };
}
