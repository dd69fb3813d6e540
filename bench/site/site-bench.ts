/**
 * The public site's step (issue 15): Lighthouse (mobile and desktop) and axe-core on every page of
 * the contracts' SITE_PAGE_PATHS, against whatever the server serves. Lighthouse runs one at a
 * time, each in its own Chromium, and axe only after the last of them: on 2 shared cores a
 * second browser would change the simulated throttling (benchmarkIndex) under Lighthouse's feet.
 *
 * `npm run bench` runs it right after the web step against the same server. Alone:
 *   BENCH_SITE_URL=http://localhost:8090 npx tsx --conditions=source bench/site/site-bench.ts
 * or, without BENCH_SITE_URL, it builds the web app and the server and starts its own server.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SITE_PAGE_PATHS } from '@app/contracts';
import type { LaunchedChrome } from 'chrome-launcher';
import { startBenchServer } from '../http/http-bench.js';
import { Cleanup } from '../http/processes.js';
import { buildWebApp, writeJson } from '../web-size.js';
import { runAxe } from './axe-run.js';
import {
  PRESETS,
  chromiumPath,
  hasChromium,
  medianPerformanceRun,
  runLighthouse,
  type LighthouseRun,
  type Preset,
} from './lighthouse-run.js';
import {
  buildPageResult,
  collectErroredAudits,
  collectNotes,
  printSiteReport,
  SITE_TARGETS,
  TARGET_IDS,
  type PresetResult,
  type ServedPage,
  type SiteReport,
} from './site-report.js';

const SERVED_TIMEOUT_MS = 10_000;

/** BENCH_SITE_RUNS: Lighthouse runs per page and preset (default 1), the median performance one shown. */
export function readSiteRuns(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.BENCH_SITE_RUNS;
  if (raw === undefined || raw === '') return 1;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`BENCH_SITE_RUNS must be a whole number of at least 1 (got ${JSON.stringify(raw)})`);
  return runs;
}

/**
 * The step's share of the bench's time limit: a Lighthouse run took 9-19 s here and axe about 15 s
 * a page; each is counted as 20 s for retries and a busy machine (13 pages, 1 run: 14 minutes).
 */
export function estimateSiteSeconds(runs: number): number {
  return 60 + SITE_PAGE_PATHS.length * (PRESETS.length * runs * 20 + 20);
}

export async function runSiteBenchmark(options: {
  baseUrl: string;
  runs: number;
  cleanup: Cleanup;
  log: (line: string) => void;
  paths?: readonly string[];
}): Promise<SiteReport> {
  const { baseUrl, runs, cleanup, log } = options;
  const paths = options.paths ?? SITE_PAGE_PATHS;
  if (!hasChromium())
    return { status: 'skipped', reason: `no Chromium at ${chromiumPath()} (set CHROMIUM_PATH)` };
  const started = performance.now();
  const startedAt = new Date().toISOString();
  // chrome-launcher's own SIGINT handler is off (lighthouse-run.ts): the bench's clean-up kills
  // a Chromium left running by Ctrl-C or the time limit.
  const running = new Set<LaunchedChrome>();
  cleanup.add('stop the Lighthouse Chromium', () => {
    for (const chrome of running) chrome.kill();
  });

  const served = new Map<string, ServedPage>();
  for (const pagePath of paths) served.set(pagePath, await fetchServed(`${baseUrl}${pagePath}`));

  const lighthouse = new Map<string, Record<Preset, PresetResult>>();
  for (const pagePath of paths) {
    const byPreset = {} as Record<Preset, PresetResult>;
    for (const preset of PRESETS) {
      const presetRuns: LighthouseRun[] = [];
      for (let run = 1; run <= runs; run++) {
        const result = await runLighthouse(`${baseUrl}${pagePath}`, preset, running);
        log(`lighthouse ${pagePath} ${preset} ${run}/${runs}: ${describeRun(result)}`);
        presetRuns.push(result);
      }
      byPreset[preset] = { median: medianPerformanceRun(presetRuns), runs: presetRuns };
    }
    lighthouse.set(pagePath, byPreset);
  }

  const axe = await runAxe(baseUrl, paths, log);
  const pages = paths.map((pagePath) =>
    buildPageResult(
      pagePath,
      served.get(pagePath) ?? { error: 'not fetched' },
      lighthouse.get(pagePath) as Record<Preset, PresetResult>,
      axe.pages.find((page) => page.path === pagePath),
    ),
  );
  const measured = pages.flatMap((page) => PRESETS.flatMap((preset) => page.lighthouse[preset].runs));
  const first = measured.find((run) => run.lighthouseVersion !== '');
  const indexes = measured.flatMap((run) => (run.benchmarkIndex === null ? [] : [run.benchmarkIndex]));
  return {
    status: 'measured',
    baseUrl,
    startedAt,
    durationSeconds: (performance.now() - started) / 1000,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown' },
    runsPerPreset: runs,
    lighthouseVersion: first?.lighthouseVersion ?? 'unknown',
    hostUserAgent: first?.hostUserAgent ?? 'unknown',
    benchmarkIndex: {
      first: first?.benchmarkIndex ?? null,
      min: indexes.length ? Math.min(...indexes) : null,
      max: indexes.length ? Math.max(...indexes) : null,
    },
    axe: { version: axe.version, browser: axe.browser },
    targets: SITE_TARGETS,
    pages,
    summary: {
      pages: pages.length,
      pagesPassing: pages.filter((page) => page.pass).length,
      perTarget: Object.fromEntries(
        TARGET_IDS.map((id) => [id, pages.filter((page) => page.targets[id]).length]),
      ) as Record<(typeof TARGET_IDS)[number], number>,
    },
    erroredAudits: collectErroredAudits(pages),
    notes: collectNotes(pages),
  };
}

function describeRun(run: LighthouseRun): string {
  if (run.error && run.scores.performance === null) return `error: ${run.error} (${run.attempts} attempts)`;
  const s = run.scores;
  return (
    `p${s.performance ?? '–'} a${s.accessibility ?? '–'} bp${s['best-practices'] ?? '–'} seo${s.seo ?? '–'} ` +
    `benchmarkIndex ${run.benchmarkIndex ?? '–'} (${(run.durationMs / 1000).toFixed(1)} s` +
    `${run.attempts > 1 ? `, attempt ${run.attempts}` : ''})`
  );
}

/** The page as a plain GET gets it: a 404 or an empty shell explains scores before any audit does. */
async function fetchServed(url: string): Promise<ServedPage> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(SERVED_TIMEOUT_MS) });
    const body = await response.arrayBuffer();
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      bytes: body.byteLength,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const repoRoot = path.resolve(benchDir, '..');
  const write = (line: string) => process.stdout.write(`${line}\n`);
  const log = (line: string) => process.stderr.write(`[site] ${line}\n`);
  const cleanup = new Cleanup();
  const stop = (code: number) => void cleanup.runAll().then(() => process.exit(code));
  process.once('SIGINT', () => stop(130));
  process.once('SIGTERM', () => stop(143));
  try {
    const runs = readSiteRuns();
    let report: SiteReport;
    const url = process.env.BENCH_SITE_URL?.replace(/\/+$/, '');
    if (url) {
      report = await runSiteBenchmark({ baseUrl: url, runs, cleanup, log });
    } else {
      const buildProblem = buildWebApp(repoRoot, log);
      report = buildProblem
        ? { status: 'skipped', reason: buildProblem }
        : await runSiteBenchmark({
            baseUrl: (await startBenchServer({ repoRoot, cleanup, log })).stack.baseUrl,
            runs,
            cleanup,
            log,
          });
    }
    printSiteReport(report, write);
    writeJson(path.join(benchDir, 'results', 'site.json'), report);
  } finally {
    await cleanup.runAll();
  }
}
