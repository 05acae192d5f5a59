import { LRUCache } from 'lru-cache';
import { locatePassage, type PassageAnchor } from '../../../../contracts/passage-anchor';
import { htmlToText } from '../../posts/markdown/html-text';
import type { MarkdownRenderer } from '../../posts/markdown/markdown-renderer';
import { POST_HEADING_BASE } from '../../posts/posts-service';

/** Characters of Markdown and text kept in all (two bytes each): a few dozen long posts. */
const MAX_CACHED_CHARS = 8_000_000;
/** Answers kept per post version: twice the in-line comments one read answers (500). */
const MAX_LOCATED_PER_POST = 1_000;

interface PostText {
  text: string;
  /** Whether a passage (by its anchor's key) is in `text`: looking a lost one up costs the most. */
  located: Map<string, boolean>;
}

/**
 * In-line comments on the server: is a passage in a post? Looked for in the words a reader's browser
 * shows, the post's Markdown rendered as the read page renders it (so the same rendering, the same
 * headings) and reduced to its text, where the read page looks too (contracts/passage-anchor.ts).
 * A post is read far more often than it is edited: its text and the answers about it are kept per
 * version of its Markdown, within a bound.
 */
export class PostPassages {
  private readonly texts = new LRUCache<string, PostText>({
    maxSize: MAX_CACHED_CHARS,
    sizeCalculation: (entry, content) => content.length + entry.text.length + 1,
  });

  constructor(private readonly markdown: MarkdownRenderer) {}

  /** Whether the post whose Markdown is `content` holds the passage, even changed a little. */
  holds(content: string, anchor: PassageAnchor): boolean {
    const entry = this.entryFor(content);
    const key = `${anchor.quote}\u0000${anchor.prefix}\u0000${anchor.suffix}`;
    const known = entry.located.get(key);
    if (known !== undefined) return known;
    const found = locatePassage(entry.text, anchor) !== null;
    if (entry.located.size >= MAX_LOCATED_PER_POST) {
      const oldest = entry.located.keys().next().value;
      if (oldest !== undefined) entry.located.delete(oldest);
    }
    entry.located.set(key, found);
    return found;
  }

  private entryFor(content: string): PostText {
    let entry = this.texts.get(content);
    if (!entry) {
      entry = {
        text: htmlToText(this.markdown.render(content, POST_HEADING_BASE, undefined, 'facade').html),
        located: new Map(),
      };
      this.texts.set(content, entry);
    }
    return entry;
  }
}
