import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, posix, relative, sep } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { EXPORT_FORMAT, EXPORT_MANIFEST } from './export-archive';
import { parseGhostExport } from './ghost-export';
import type { ParsedItem } from './import-item';
import type { SourceFiles } from './importer';
import { parsePostFile } from './post-file';

export type SourceKind = 'inkwell-export' | 'markdown' | 'ghost';

export interface ImportSource {
  kind: SourceKind;
  items: ParsedItem[];
  files: SourceFiles;
  /** Things the operator should know before the items are read (shown first). */
  notes: string[];
}

export interface ImportSourceOptions {
  /** The Ghost site's address: Ghost writes its own links and pictures as `__GHOST_URL__/…`. */
  ghostUrl?: string;
}

const GHOST_URL = '__GHOST_URL__';

export class ImportSourceError extends Error {}

const isMarkdown = (path: string) => /\.(md|markdown)$/i.test(path);

/** Every file under a folder, by '/'-separated path, leaving out hidden folders and node_modules. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.') || part === 'node_modules'))
    .sort();
}

/**
 * Markdown files as posts. In an Inkwell export (its manifest says so) a post is known by the id in
 * its front matter, so the same post exported twice is imported once; elsewhere by its path.
 */
function markdownItems(paths: string[], text: (path: string) => string, isExport: boolean): ParsedItem[] {
  // An export's posts are in posts/; its README describes the archive.
  const posts = paths.filter((path) => isMarkdown(path) && (!isExport || path.startsWith('posts/')));
  return posts.map((path) => {
    const parsed = parsePostFile(
      text(path),
      `file:${path}`,
      path,
      posix.dirname(path) === '.' ? '' : posix.dirname(path),
    );
    if (parsed.ok && isExport && parsed.item.id !== undefined) parsed.item.key = `inkwell:${parsed.item.id}`;
    return parsed;
  });
}

function isInkwellManifest(text: string | undefined): boolean {
  if (text === undefined) return false;
  try {
    return (JSON.parse(text) as { format?: unknown }).format === EXPORT_FORMAT;
  } catch {
    return false;
  }
}

async function fromFolder(root: string): Promise<ImportSource> {
  const paths = await filesUnder(root);
  const texts = new Map<string, string>();
  for (const path of paths.filter(isMarkdown)) texts.set(path, await readFile(join(root, path), 'utf8'));
  const manifest = paths.includes(EXPORT_MANIFEST)
    ? await readFile(join(root, EXPORT_MANIFEST), 'utf8')
    : undefined;
  const isExport = isInkwellManifest(manifest);
  const known = new Set(paths);
  return {
    kind: isExport ? 'inkwell-export' : 'markdown',
    items: markdownItems(paths, (path) => texts.get(path) ?? '', isExport),
    files: { read: async (path) => (known.has(path) ? readFile(join(root, path)) : undefined) },
    notes: [],
  };
}

function fromZip(data: Buffer): ImportSource {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  } catch (error) {
    throw new ImportSourceError(`This zip file cannot be read: ${(error as Error).message}`);
  }
  // Archives made by zipping a folder hold it under one top folder: paths are taken inside it.
  const names = Object.keys(entries).filter((name) => !name.endsWith('/') && !name.startsWith('__MACOSX/'));
  const top = names[0]?.split('/')[0];
  const prefix =
    top !== undefined && names.length > 0 && names.every((name) => name.startsWith(`${top}/`))
      ? `${top}/`
      : '';
  const files = new Map(names.map((name) => [name.slice(prefix.length), entries[name]!]));
  const text = (path: string) => strFromU8(files.get(path) ?? new Uint8Array());
  const isExport = isInkwellManifest(files.has(EXPORT_MANIFEST) ? text(EXPORT_MANIFEST) : undefined);
  return {
    kind: isExport ? 'inkwell-export' : 'markdown',
    items: markdownItems([...files.keys()].sort(), text, isExport),
    files: {
      read: async (path) => {
        const bytes = files.get(path);
        return bytes === undefined ? undefined : Buffer.from(bytes);
      },
    },
    notes: [],
  };
}

function fromGhost(text: string, ghostUrl: string | undefined): ImportSource {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ImportSourceError(`This JSON file cannot be read: ${(error as Error).message}`);
  }
  // Ghost's pictures stay on the Ghost site: its export names them by address, not as files.
  const items = parseGhostExport(json);
  const site = ghostUrl?.replace(/\/+$/, '');
  let linking = 0;
  for (const entry of items) {
    if (!entry.ok || !entry.item.content.includes(GHOST_URL)) continue;
    linking += 1;
    if (site) entry.item.content = entry.item.content.replaceAll(GHOST_URL, site);
  }
  const notes =
    linking > 0 && !site
      ? [
          `${linking} post(s) link to their Ghost site as ${GHOST_URL}: pass --ghost-url https://your-ghost-site so those links and pictures keep working`,
        ]
      : [];
  return { kind: 'ghost', items, files: { read: async () => undefined }, notes };
}

/**
 * What `npm run import` reads: an Inkwell export (its zip, or the zip unpacked), a folder of
 * Markdown files with front matter (pictures beside them come along), one Markdown file, or a
 * Ghost JSON export.
 */
export async function openImportSource(
  path: string,
  options: ImportSourceOptions = {},
): Promise<ImportSource> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new ImportSourceError(`${path} does not exist`);
  if (info.isDirectory()) return fromFolder(path);
  const extension = extname(path).toLowerCase();
  if (extension === '.zip') return fromZip(await readFile(path));
  if (extension === '.json') return fromGhost(await readFile(path, 'utf8'), options.ghostUrl);
  if (isMarkdown(path)) {
    const name = posix.basename(path.split(sep).join('/'));
    const folder = join(path, '..');
    return {
      kind: 'markdown',
      items: [parsePostFile(await readFile(path, 'utf8'), `file:${name}`, name, '')],
      files: {
        read: async (inner) => readFile(join(folder, ...inner.split('/'))).catch(() => undefined),
      },
      notes: [],
    };
  }
  throw new ImportSourceError(
    `${path} is not something Inkwell imports: give an Inkwell export (.zip or its folder), a folder of Markdown files, a .md file, or a Ghost export (.json)`,
  );
}
