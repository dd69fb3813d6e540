import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Files that replace a module with vi.mock. Every other file runs without isolation (below), and
 * a mock takes hold only if the module is not loaded yet: these get a fresh module graph each.
 */
const MOCKING = ['src/modules/access/sign-in-guard.int.test.ts', 'test/security/images.int.test.ts'];

/**
 * `--exclude` on the command line (`npm test -- server --exclude=...`, CI's PostgreSQL 15 pass).
 * Vitest applies it to the root project only, not to the projects below: they apply it here.
 */
const cliExclude = process.argv.flatMap((arg, index, args) => {
  if (arg.startsWith('--exclude=')) return [arg.slice('--exclude='.length)];
  if (arg === '--exclude' && args[index + 1]) return [args[index + 1]!];
  return [];
});

/**
 * `source`: the workspace packages' TypeScript. No `module`: the workers' Node takes these
 * conditions for what it loads itself too, and @opentelemetry/api's `module` build (prom-client
 * requires it) imports its files without extensions, which Node cannot follow.
 */
const conditions = ['source', 'node', 'default'];

/** What both projects share; the global setup stays at the root, so it runs once for both. */
function project(
  name: string,
  test: NonNullable<TestProjectInlineConfiguration['test']>,
): TestProjectInlineConfiguration {
  return {
    resolve: { conditions },
    ssr: { resolve: { conditions } },
    test: {
      name,
      pool: 'forks',
      testTimeout: 30_000,
      hookTimeout: 120_000,
      ...test,
      exclude: [...(test.exclude ?? []), ...cliExclude],
    },
  };
}

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    globalSetup: ['test/global-setup.ts'],
    // Vitest's default is one worker less than the cores: one on a 2-core machine, which then
    // idles while its file waits on PostgreSQL. Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Loading the app's modules (Fastify, Drizzle, the zod contracts, exceljs, pdfkit...) cost
      // about a second a file, a quarter of the suite. Without isolation a worker loads them once
      // and runs file after file. Safe here: each file builds its own app and database
      // (test/build-app.ts), the source keeps no module state that one app could leave to the
      // next (a password list read once, formatters, the image slots, which every upload frees),
      // and no file mocks, stubs, fakes timers or changes process.env, except those in MOCKING.
      project('server', {
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        exclude: MOCKING,
        isolate: false,
      }),
      project('server-mocking', { include: MOCKING, isolate: true }),
    ],
  },
});
