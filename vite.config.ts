import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in web/. `vite build` writes the browser's files to build/web; `vite build
// --ssr` writes the server entry (web/src/entry-server.tsx) to build/ssr, which the server imports
// to render pages. One process serves both, on one origin.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|redux|react-redux|use-sync-external-store)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [react()],
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
          output: {
            // What every page runs (React, the router, the store) in one file: one request, and
            // compressed as a whole it is a few kilobytes smaller than in the pieces the bundler
            // would cut it into.
            manualChunks: (id: string) => (FRAMEWORK.test(id) ? 'framework' : undefined),
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3000'}` },
  },
}));
