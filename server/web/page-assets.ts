import { existsSync, readFileSync } from 'node:fs';
import escapeHtml from 'escape-html';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/**
 * The files a page's lazily loaded modules need, from Vite's build manifest: their stylesheets
 * (so the server's HTML is styled before any script runs) and their chunks as module preloads (so
 * the browser fetches them alongside the entry instead of after it, and hydrates sooner).
 */
export class PageAssets {
  private readonly entryChunks: ReadonlySet<string>;
  private readonly cache = new Map<string, string>();

  constructor(private readonly manifest: Manifest) {
    const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    // The entry and what it imports are already in index.html.
    this.entryChunks = new Set(entries.flatMap((key) => [...this.closure(key)]));
  }

  static fromFile(path: string): PageAssets {
    const manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : {};
    return new PageAssets(manifest);
  }

  /** `<link>` tags for the modules (source files, as the manifest names them) of one page. */
  links(modules: readonly string[]): string {
    const key = modules.join('\n');
    let links = this.cache.get(key);
    if (links === undefined) {
      links = this.build(modules);
      this.cache.set(key, links);
    }
    return links;
  }

  private build(modules: readonly string[]): string {
    const chunks = new Set<string>();
    for (const module of modules) {
      for (const chunk of this.closure(module)) if (!this.entryChunks.has(chunk)) chunks.add(chunk);
    }
    const tags: string[] = [];
    for (const chunk of chunks) {
      for (const css of this.manifest[chunk]?.css ?? []) {
        tags.push(`<link rel="stylesheet" crossorigin href="/${escapeHtml(css)}">`);
      }
    }
    for (const chunk of chunks) {
      const file = this.manifest[chunk]?.file;
      if (file) tags.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`);
    }
    return [...new Set(tags)].map((tag) => `  ${tag}`).join('\n');
  }

  /** A chunk and everything it imports statically, transitively. */
  private closure(key: string, into = new Set<string>()): Set<string> {
    if (into.has(key) || !this.manifest[key]) return into;
    into.add(key);
    for (const imported of this.manifest[key]?.imports ?? []) this.closure(imported, into);
    return into;
  }
}
