import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  },
  server: {
    proxy: {
      '/functions': 'http://127.0.0.1:3000',
      '/api': 'http://127.0.0.1:3000',
      '/app-config.json': 'http://127.0.0.1:3000',
    },
  },
});
