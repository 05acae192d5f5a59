import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { PageRendererModule } from '../../../contracts/page-rendering';
import type { ApiContext } from './harness';

/**
 * The page renderer straight from the web app's source (web/src/entry-server.tsx, compiled by
 * Vitest as Vite would), so these tests need no build. The template is web/index.html itself.
 */
export async function sourcePages(): Promise<PageRendererModule> {
  // A path the type checker does not follow: the web app is checked with its own settings (JSX, DOM).
  const entry = new URL('../../../web/src/entry-server.tsx', import.meta.url).pathname;
  return (await import(/* @vite-ignore */ entry)) as PageRendererModule;
}

/** A web folder holding only the page template, as the build would leave it. */
export function templateWebDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkwell-pages-'));
  copyFileSync(join(import.meta.dirname, '../../../web/index.html'), join(dir, 'index.html'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The attribute values of every tag that matches, decoded as a browser would read them. */
export function attributeValues(html: string, tagPattern: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const [tag] of html.matchAll(new RegExp(tagPattern.source, 'g'))) {
    const match = new RegExp(`\\s${attribute}="([^"]*)"`).exec(tag);
    if (match?.[1] !== undefined) values.push(decodeEntities(match[1]));
  }
  return values;
}

export function metaContent(html: string, key: 'name' | 'property', name: string): string | undefined {
  return attributeValues(
    html,
    new RegExp(`<meta ${key}="${name.replace(/[:.]/g, '\\$&')}"[^>]*>`),
    'content',
  )[0];
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of every <script> block of a type, e.g. 'application/ld+json'. */
export function scriptBlocks(html: string, type: string): string[] {
  const pattern = new RegExp(
    `<script type="${type.replace(/[+/]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</script>`,
    'g',
  );
  return [...html.matchAll(pattern)].map((match) => match[1] ?? '');
}

export function titleOf(html: string): string | undefined {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

/** GETs a page, feed or document (any `accept`), as a browser or a server of the social web would. */
export async function getPage(ctx: ApiContext, url: string, accept?: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}
