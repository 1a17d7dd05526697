import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` serves the client on :5173 and sends everything else the page calls to the API
// (`npm start`, :3000, or DEV_API_URL). The Host header goes through as the browser sent it
// (changeOrigin off; Vite's string shorthand turns it on): the API's origin check then sees the
// page's own origin, and the upload URL tus answers at creation (its Location, built from
// Host) points back through this proxy. `npm run dev:smoke` checks it all in a browser.
const api = { target: process.env.DEV_API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false };

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // The CSP allows no inline script: never inline the module preload polyfill.
    modulePreload: { polyfill: false },
    // What the order page runs first is one file, not the entry plus small shared pieces
    // (React, constants…) that each cost a request and compress worse apart (docs/performance.md).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'order-page', tags: ['$initial'] }] } } },
  },
  server: {
    proxy: {
      '/functions': api,
      '/api': api,
      // Resumable uploads (tus): POST, HEAD, PATCH and DELETE with their Upload-* headers.
      '/storage': api,
      '/app-config.json': api,
    },
  },
});
