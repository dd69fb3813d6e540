import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin';

/**
 * The web client builds to apps/web/dist, which the server serves. In development every /api call
 * goes to the server on port 8080, so the app always talks to its own origin.
 */
export const webConfig = defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // Use the TypeScript sources of @app/contracts; no separate build of the package is needed.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // Lets scripts and tests measure what each route loads first.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});

export default webConfig;
