import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export const testConfig = defineConfig({
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Vitest's default is one worker less than the cores: one on a 2-core machine, where jsdom
    // then keeps one core busy and leaves the other idle. Two use both.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Isolation stays on (a fresh module graph and jsdom per file): the app keeps state in
    // modules (the first render done, toasts asked for, downloaded images, the session's last
    // activity) that one file would leave to the next.
    // Typing into MUI fields under jsdom is slow on a loaded machine.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});

export default testConfig;
