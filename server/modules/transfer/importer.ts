import { posix } from 'node:path';
import { isUuid } from '../../../contracts/ids';
import { postWriteSchema } from '../../../contracts/posts';
import type { TypedTag } from '../../../contracts/tags';
import { TAGS_PER_POST_MAX } from '../../../contracts/tag-rules';
import { uuidv7 } from '../../lib/ids';
import { looksLikeAcceptedImage } from '../media/image-pipeline';
import type { MediaService } from '../media/media-service';
import type { PostsRepository } from '../posts/posts-repository';
import { missingForReaders } from '../posts/posts-service';
import type { ImportItem, ParsedItem } from './import-item';
import type { TransferRepository } from './transfer-repository';

/** The files of an import's source, by their '/'-separated path within it. */
export interface SourceFiles {
  read(path: string): Promise<Buffer | undefined>;
}

export type ItemOutcome = { source: string; title?: string } & (
  | { result: 'created'; postId: string; pictures: number; warnings: string[] }
  | { result: 'would-create'; pictures: number; warnings: string[] }
  | { result: 'skipped'; reason: string }
  | { result: 'failed'; reason: string }
);

export interface ImportOptions {
  dryRun: boolean;
  /** Called after each item, for a progress bar. */
  onProgress?: (done: number, total: number, outcome: ItemOutcome) => void;
}

/** `![alt](path "title")`: the pictures a Markdown body names. */
const MARKDOWN_IMAGE = /(!\[[^\]]*\]\()(<[^>]+>|[^)\s]+)((?:\s+"[^"]*")?\))/g;

/** A path inside the source (not a web address, not absolute), which the import can bring along. */
function isLocalPath(target: string): boolean {
  return !/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(target);
}

function resolveIn(folder: string, target: string): string | undefined {
  const path = posix.normalize(posix.join(folder, decodeURI(target.replace(/^<|>$/g, ''))));
  // A path that climbs out of the source names nothing in it.
  return path.startsWith('..') || path.startsWith('/') ? undefined : path;
}

/** The item as Inkwell would accept it from its writer, or why not. */
function checked(
  item: ImportItem,
): { ok: true; title: string; tags: TypedTag[] } | { ok: false; reason: string } {
  const draft = item.status === 'draft';
  const parsed = postWriteSchema.safeParse({
    title: item.title,
    content: item.content,
    // Other platforms allow more topics than Inkwell: the first ones are kept (and the report says so).
    tags: item.tags.slice(0, TAGS_PER_POST_MAX),
    ...(draft ? { status: 'draft' } : {}),
  });
  if (!parsed.success)
    return { ok: false, reason: parsed.error.issues[0]?.message ?? 'It is not a valid post' };
  const title = parsed.data.title.trim();
  if (!draft && missingForReaders(title, item.content).length > 0)
    return { ok: false, reason: 'A published post needs a title and content (a draft may have neither)' };
  return { ok: true, title, tags: parsed.data.tags ?? [] };
}

/** When the post is public: its own time, else when it was written; a schedule already past is published. */
function publicationTime(item: ImportItem, now: string): string | null {
  if (item.status === 'draft') return null;
  return item.publishedAt ?? item.createdAt ?? now;
}

/**
 * Brings posts into one account, each on its own: a post that cannot come in is
 * reported with its reason and the others go on. Each post comes in whole or not at all: its
 * pictures are stored first, then the post in one transaction, and if that fails the pictures
 * are removed again. An item already brought in (same source key, or the same Inkwell post) is
 * skipped, so running an import twice creates nothing the second time. A dry run reads and checks
 * everything, pictures included, and writes nothing.
 */
export class Importer {
  constructor(
    private readonly deps: { transfer: TransferRepository; posts: PostsRepository; media: MediaService },
  ) {}

  async run(
    authorId: string,
    parsed: readonly ParsedItem[],
    files: SourceFiles,
    options: ImportOptions,
  ): Promise<ItemOutcome[]> {
    const outcomes: ItemOutcome[] = [];
    for (const entry of parsed) {
      const outcome = entry.ok
        ? await this.one(authorId, entry.item, files, options.dryRun).catch(
            (error: unknown): ItemOutcome => ({
              source: entry.item.source,
              title: entry.item.title,
              result: 'failed',
              reason: error instanceof Error ? error.message : String(error),
            }),
          )
        : { source: entry.source, result: 'failed' as const, reason: entry.reason };
      outcomes.push(outcome);
      options.onProgress?.(outcomes.length, parsed.length, outcome);
    }
    return outcomes;
  }

  private async one(
    authorId: string,
    item: ImportItem,
    files: SourceFiles,
    dryRun: boolean,
  ): Promise<ItemOutcome> {
    const base = { source: item.source, title: item.title };
    const valid = checked(item);
    if (!valid.ok) return { ...base, result: 'failed', reason: valid.reason };
    const warnings: string[] = [];
    if (item.tags.length > TAGS_PER_POST_MAX)
      warnings.push(`Only its first ${TAGS_PER_POST_MAX} of ${item.tags.length} tags are kept`);
    const state = await this.deps.transfer.importState(authorId, item.key, item.id);
    if (state === 'here') return { ...base, result: 'skipped', reason: 'Already imported' };

    // Every picture the post names by a path inside the source, the cover first.
    const folder = item.folder ?? '';
    const wanted = new Map<string, Buffer>();
    const targets = [
      ...(item.cover ? [item.cover] : []),
      ...[...item.content.matchAll(MARKDOWN_IMAGE)].map((m) => m[2]!),
    ];
    for (const target of targets) {
      if (!isLocalPath(target)) continue;
      const path = resolveIn(folder, target);
      const data = path === undefined ? undefined : await files.read(path);
      if (path === undefined || data === undefined)
        warnings.push(`Picture ${target} is not in the import; its link is kept as it was`);
      else if (!looksLikeAcceptedImage(data))
        warnings.push(`${target} is not a picture Inkwell can keep; its link is kept as it was`);
      else wanted.set(target, data);
    }
    if (dryRun) return { ...base, result: 'would-create', pictures: wanted.size, warnings };

    const stored = new Map<string, { id: string; url: string }>();
    const storedIds: string[] = [];
    try {
      for (const [target, data] of wanted) {
        const picture = await this.deps.media.store(authorId, data);
        stored.set(target, picture);
        storedIds.push(picture.id);
      }
      const content = item.content.replace(
        MARKDOWN_IMAGE,
        (whole, open: string, target: string, close: string) => {
          const picture = stored.get(target);
          return picture ? `${open}${picture.url}${close}` : whole;
        },
      );
      const now = new Date().toISOString();
      const publishedAt = publicationTime(item, now);
      const createdAt = item.createdAt ?? publishedAt ?? now;
      const id = state === 'new' && item.id !== undefined && isUuid(item.id) ? item.id : uuidv7();
      const coverId = item.cover ? (stored.get(item.cover)?.id ?? null) : null;
      await this.deps.posts.insert(
        {
          id,
          author_id: authorId,
          title: valid.title,
          content,
          created_at: createdAt,
          updated_at: item.updatedAt ?? createdAt,
          published_at: publishedAt,
          cover_id: coverId,
          import_key: item.key,
        },
        valid.tags,
      );
      return {
        ...base,
        title: valid.title,
        result: 'created',
        postId: id,
        pictures: storedIds.length,
        warnings,
      };
    } catch (error) {
      await this.deps.media.discard(storedIds).catch(() => undefined);
      throw error;
    }
  }
}
