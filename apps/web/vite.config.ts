import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin';

const FRAMEWORK_MODULES =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|reselect|immer|use-sync-external-store|@emotion[\\/][^\\/]+|stylis|@mui[\\/](?:system|styled-engine|private-theming|utils)|@mui[\\/]material[\\/]styles|clsx|react-is|prop-types|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/;

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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries the entry needs (React, the router, Redux, emotion, MUI's theme):
              // one file compresses better than the chunks automatic splitting cuts them into,
              // and it changes only with the dependencies, not with every change of the app.
              // Only what the entry imports ($initial): a library used by one lazy page stays there.
              name: 'framework',
              test: FRAMEWORK_MODULES,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
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
