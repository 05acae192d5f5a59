import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in web/; the API serves the built files from build/web on its own origin.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../build/web',
    emptyOutDir: true,
    sourcemap: true,
    // build/web/.vite/manifest.json: scripts/report-bundle-size.mjs reads the chunk graph from it.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3000'}` },
  },
});
