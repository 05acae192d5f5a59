import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { constants, type InputType } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

// The web app lives in web/. `vite build` writes the browser's files to build/web; `vite build
// --ssr` writes the server entry (web/src/entry-server.tsx) to build/ssr, which the server imports
// to render pages. One process serves both, on one origin.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|redux|react-redux|use-sync-external-store)[\\/]/;

/**
 * A Brotli (quality 11) and a gzip copy beside every text file of the browser build and of
 * web/public, which the server sends as they are (@fastify/static's `preCompressed`): the highest
 * levels cost nothing at run time. The gzip copy is made by Zopfli, whose output any gzip client
 * reads and which is 3–4 % smaller than zlib's level 9 (101.0 → 97.8 KB for the framework chunk),
 * for browsers that do not ask for Brotli (Chrome over plain HTTP, as most self-hosters start).
 * index.html is the server's template, never sent as a file.
 */
async function zopfliGzip(input: InputType, options: Record<string, number>): Promise<Buffer> {
  const bytes =
    typeof input === 'string'
      ? input
      : ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input);
  return Buffer.from(await gzipAsync(bytes, options));
}

/**
 * prosemirror-markdown is one module holding both its parser and its serializer, and it builds a
 * default parser (with markdown-it) and a default schema when it loads, which keeps markdown-it in
 * any chunk that imports the serializer alone. Marked as pure, those unused defaults are dropped, so
 * the editor's first load carries the serializer and markdown-it comes only with the parser chunk
 * (web/src/features/editor/markdown/markdown-parser.ts; decision 43). markdown-it and its helpers
 * run nothing at load that the page depends on, which `moduleSideEffects` below states.
 */
const markdownSerializerOnly: Plugin = {
  name: 'inkwell:markdown-serializer-only',
  transform(code, id) {
    if (!/[\\/]prosemirror-markdown[\\/]dist[\\/]index\.js$/.test(id)) return null;
    const pure = code
      .replace(/= new (Schema|MarkdownParser|MarkdownSerializer)\(/g, '= /*#__PURE__*/ new $1(')
      .replace(/\(schema, MarkdownIt\(/, '(schema, /*#__PURE__*/ MarkdownIt(');
    if (!pure.includes('/*#__PURE__*/ MarkdownIt('))
      this.error('prosemirror-markdown changed: review this plugin');
    return { code: pure, map: null };
  },
};
/**
 * What both reader pages (the list and a post) show besides the page itself: post cards' and the
 * read page's parts, the follow and favorite buttons, dates, links, loading and retry. Left to
 * itself the bundler cuts these into a handful of files of a few hundred bytes each; in one file
 * they cost one request and compress together, about 1 KB less on each page's first load. Paging
 * (Load more and the hook behind it) is not here: the read page needs it only once its discussion
 * loads, and it cost that page 0.5 KB at first load (the lists fetch it as two small files).
 */
const READER_SHARED = [
  'web/src/features/posts/components/discuss-count.tsx',
  'web/src/features/posts/components/cover-image.tsx',
  'web/src/features/posts/components/publication-credit.tsx',
  'web/src/components/ui/tag-links.tsx',
  'web/src/features/favorites/api/',
  'web/src/features/social/components/heart-icon.tsx',
  'web/src/features/social/components/favorite-button.tsx',
  'web/src/features/profile/api/follow-user.ts',
  'web/src/features/profile/api/unfollow-user.ts',
  'web/src/features/profile/components/follow-button.tsx',
  'web/src/features/auth/auth-slice.ts',
  'web/src/lib/use-hydrated.ts',
  'contracts/memo.ts',
  'web/src/lib/loaded.tsx',
  'web/src/components/ui/app-link.tsx',
  'web/src/components/ui/avatar-initial.tsx',
  'web/src/components/ui/avatar.tsx',
  'web/src/components/ui/spinner.tsx',
  'web/src/components/ui/error-retry.tsx',
  'web/src/components/ui/local-date.tsx',
  // A byline's co-authors (decision 85): on cards and the read page.
  'web/src/components/ui/co-author-links.tsx',
  'contracts/coauthors.ts',
  'contracts/dates.ts',
  'contracts/publication-url.ts',
  // The read page's and the profile's view counting (decision 63): a few hundred bytes.
  'web/src/features/stats/count-view.ts',
  'contracts/stats-event.ts',
];
const isReaderShared = (id: string) => {
  const path = id.replace(/\\/g, '/');
  return READER_SHARED.some((part) => path.includes(`/${part}`));
};
/**
 * What every part of the editor builds on (Tiptap's core and ProseMirror's), in one file with the
 * writing pages: the parts that load later (the toolbar, the `/` menu, the Markdown reader) import it
 * from there. Left to itself the bundler cuts it into pieces shared with those parts, each one more
 * file for the writing pages to fetch and one more name in the list every page carries.
 */
const EDITOR_CORE =
  /[\\/]node_modules[\\/](@tiptap[\\/]core|prosemirror-(model|state|transform|view|commands|keymap|history|schema-list)|orderedmap|rope-sequence|w3c-keyname)[\\/]/;
/**
 * Tiptap's packages that hold several extensions (lists with task lists, the utility extensions)
 * create each one when they load, so unused ones stay in the bundle. Their `X.create({...})` has no
 * effect besides its value, which the annotation tells the bundler.
 */
const tiptapExtensionsPure: Plugin = {
  name: 'inkwell:tiptap-extensions-pure',
  transform(code, id) {
    if (!/[\\/]@tiptap[\\/](extension-list|extensions)[\\/]dist[\\/]index\.js$/.test(id)) return null;
    return {
      code: code.replace(/= (Node|Mark|Extension)\.create\(/g, '= /*#__PURE__*/ $1.create('),
      map: null,
    };
  },
};
/**
 * Tiptap's React bindings import `fast-equals` (2 KB with Brotli on the writing page's first load)
 * for one comparison: what a `useEditorState` selector returned against what it returned before.
 * Our selectors return plain data, which web/src/lib/deep-equal.ts compares (unit-tested against
 * the package); anything else it holds equal only to itself, so at worst React renders once more.
 */
const EDITOR_STATE_EQUAL = {
  'fast-equals': fileURLToPath(new URL('web/src/lib/deep-equal.ts', import.meta.url)),
};
const FEATURE_ENTRY = /[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;
const MARKDOWN_IT = /[\\/]node_modules[\\/](markdown-it|linkify-it|mdurl|uc\.micro|punycode\.js)[\\/]/;

const precompressed = compression({
  include: /\.(?:js|mjs|css|svg|json|webmanifest|xml|txt)$/,
  exclude: [/\.vite[\\/]/, /index\.html$/],
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm<Record<string, number>>(zopfliGzip, { numiterations: 15 }),
  ],
  skipIfLargerOrEqual: true,
  logLevel: 'silent',
});

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: isSsrBuild ? [react()] : [react(), markdownSerializerOnly, tiptapExtensionsPure, precompressed],
  resolve: isSsrBuild ? {} : { alias: EDITOR_STATE_EQUAL },
  build: isSsrBuild
    ? {
        outDir: '../build/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
        rollupOptions: { input: 'src/entry-server.tsx' },
      }
    : {
        outDir: '../build/web',
        emptyOutDir: true,
        sourcemap: true,
        // build/web/.vite/manifest.json: the server links each page's chunks from it.
        manifest: true,
        rollupOptions: {
          // A feature's public entry (web/src/features/<name>/index.ts, decision 55) only re-exports:
          // said so, the bundler takes each name from where it is written, and the entry adds no
          // chunk of its own to the pages that use it.
          treeshake: { moduleSideEffects: (id: string) => !MARKDOWN_IT.test(id) && !FEATURE_ENTRY.test(id) },
          output: {
            // What every page runs (React, the router, the store) in one file: one request, and
            // compressed as a whole it is a few kilobytes smaller than in the pieces the bundler
            // would cut it into.
            manualChunks: (id: string) =>
              FRAMEWORK.test(id)
                ? 'framework'
                : EDITOR_CORE.test(id)
                  ? 'editor'
                  : isReaderShared(id)
                    ? 'reader'
                    : undefined,
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3000'}` },
  },
}));
