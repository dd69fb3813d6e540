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
    // No isolation: a worker keeps React, MUI and the other dependencies loaded from file to file
    // (imports took 121 s of the suite with isolation, 28 s without). The app's own modules keep
    // state (the first render done, toasts asked for, downloaded images, the session's last
    // activity), so src/test/setup.ts resets the module registry before each file: they are
    // evaluated again, fresh. jsdom is still new for each file.
    isolate: false,
    // Typing into MUI fields under jsdom is slow on a loaded machine.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});

export default testConfig;
