/** One post to bring in, whatever the source, before any rule of Inkwell's is applied. */
export interface ImportItem {
  /**
   * Stable key of the source item, so a re-run skips what it brought in before: "ghost:<uuid>",
   * "file:<path>", "inkwell:<id>". At most 200 characters.
   */
  key: string;
  /** Where it came from, for the per-item report: a file path, or `Ghost post “Title”`. */
  source: string;
  /** An Inkwell post id to keep when it is free (Inkwell's own exports only). */
  id?: string;
  title: string;
  /** Markdown. */
  content: string;
  tags: string[];
  status: 'draft' | 'published' | 'scheduled';
  /** ISO 8601 times; null when the source has none. */
  publishedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  /**
   * Where the item's file sits in its source (a folder path, '' at the top), so the pictures its
   * Markdown and `cover` name by relative path can be found and brought in with it.
   */
  folder?: string;
  /** The cover picture's path relative to the item's file. */
  cover?: string;
}

/** A source item that could be read, or why not. */
export type ParsedItem = { ok: true; item: ImportItem } | { ok: false; source: string; reason: string };
