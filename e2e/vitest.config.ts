import { defineConfig } from 'vitest/config';

/**
 * Browser tests against the built server. One server for the whole run (global setup) and one
 * file at a time: the machine has two cores, and Chromium plus PostgreSQL use both.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.spec.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
