import {
  normalizeTag,
  parseTagName,
  TAGS_PER_POST_MAX,
  TOO_MANY_TAGS_MESSAGE,
} from '../../../../contracts/tag-rules';

export interface AddTagsResult {
  /** The post's tags afterwards, each as typed (its label). */
  tags: string[];
  /** What was added, as typed, in order. */
  added: string[];
  /** Why something typed was not added (the last reason), or null. */
  problem: string | null;
  /** Entries refused for a reason the writer can fix (not duplicates), to stay in the box. */
  kept: string[];
}

export function alreadyThereMessage(tag: string): string {
  return `“${tag}” is already a topic of this post`;
}

/** A name as typed, as the server keeps it: trimmed, its white space collapsed (contracts/tags.ts). */
export function typedLabel(entry: string): string {
  return entry.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/**
 * Adds what the writer typed (one entry, or several split at commas) to a post's tags by the
 * server's own rule: each checked and compared by its address (`C++` and `c++` are one topic, `C`
 * another), kept as typed, or by an existing topic's own name when `known` has one for its address;
 * duplicates and blanks skipped, at most five, and the reason for anything refused kept for the
 * field's error line.
 */
export function addTags(
  current: readonly string[],
  entries: readonly string[],
  known: ReadonlyMap<string, string> = new Map(),
): AddTagsResult {
  const tags = [...current];
  const addresses = tags.map(normalizeTag);
  const added: string[] = [];
  const kept: string[] = [];
  let problem: string | null = null;
  for (const entry of entries) {
    if (entry.trim() === '') continue;
    const parsed = parseTagName(entry);
    const index = parsed.ok ? addresses.indexOf(parsed.tag) : -1;
    if (index >= 0) {
      problem = alreadyThereMessage(tags[index] ?? entry.trim());
    } else if (!parsed.ok || tags.length >= TAGS_PER_POST_MAX) {
      problem = parsed.ok ? TOO_MANY_TAGS_MESSAGE : parsed.message;
      kept.push(entry.trim());
    } else {
      const label = known.get(parsed.tag) ?? typedLabel(entry);
      tags.push(label);
      addresses.push(parsed.tag);
      added.push(label);
    }
  }
  return { tags, added, problem, kept };
}
