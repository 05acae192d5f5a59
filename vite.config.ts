import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in web/. `vite build` writes the browser's files to build/web; `vite build
// --ssr` writes the server entry (web/src/entry-server.tsx) to build/ssr, which the server imports
// to render pages. One process serves both, on one origin.
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
        // build/web/.vite/manifest.json: the server links each page's chunks from it, and
        // scripts/report-bundle-size.mjs reads it.
        manifest: true,
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3000'}` },
  },
}));
