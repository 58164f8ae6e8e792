import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { staticAssets } from './scripts/vite-static-assets.mjs';

// The import aliases of tsconfig.json `paths` (tsx and Playwright read tsconfig.json itself; vitest.config.ts
// gives the server tests the same ones).
const aliases = Object.fromEntries(
  ['common', 'server', 'client'].map((dir) => [`@${dir}`, fileURLToPath(new URL(`./${dir}`, import.meta.url))]),
);

const apiPort = process.env.PORT || '5000';

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), staticAssets()],
  resolve: { alias: aliases },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Read by the server to preload each page's route chunk with the app page (server/http/page-preloads.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    // `npm run dev` (scripts/dev.mjs) runs the API server on PORT, 5000 unless set.
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
      '/collab': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
});
