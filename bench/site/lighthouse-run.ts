/**
 * One Lighthouse run of one public page: its own Chromium (chrome-launcher, a fresh temp profile,
 * so no consent cookie and an empty cache: what a first visitor gets), Lighthouse's Node API in
 * the default (mobile) or the desktop config, the four categories, and what of the result a
 * reader of the bench needs: scores, the five metrics and, for every non-perfect category, the
 * audits that pulled it down.
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS } from '../chromium.js';

export const CATEGORY_IDS = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export const PRESETS = ['mobile', 'desktop'] as const;
export type Preset = (typeof PRESETS)[number];

/** Lighthouse's own pass mark: its report lists an audit under "passed" from this score on. */
const AUDIT_PASS_SCORE = 0.9;

export type Metrics = {
  /** Milliseconds, as Lighthouse computes them (simulated throttling: see benchmarkIndex). */
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  siMs: number | null;
};

export type FailingAudit = {
  id: string;
  title: string;
  /** Its weight in the category's score (0: a diagnostic that explains, but does not count). */
  weight: number;
  /** 0..1. */
  score: number;
  /** Lighthouse's short figure ("2.4 s", "Potential savings of 40 KiB"), when it gives one. */
  displayValue?: string;
  /** The first item the audit lists: an element's selector, a URL, a console message, a line. */
  firstItem?: string;
};

/** An audit Lighthouse could not run; `weighted` when it counts towards its category's score. */
export type ErroredAudit = { id: string; title: string; error: string; weighted: boolean };

export type LighthouseRun = {
  path: string;
  preset: Preset;
  /** 0..100; null when Lighthouse could not score the category. */
  scores: Record<CategoryId, number | null>;
  metrics: Metrics;
  /** For every category below 100: its audits below Lighthouse's pass mark, weighted first. */
  failing: Partial<Record<CategoryId, FailingAudit[]>>;
  /**
   * Audits of the four categories that errored. Unweighted ones do not change a score, but a
   * reader should know a diagnostic is missing (Lighthouse 12.2.3's trace engine, for one, does
   * not read every trace event of a newer Chromium).
   */
  errored: ErroredAudit[];
  benchmarkIndex: number | null;
  lighthouseVersion: string;
  /** Chromium's user agent as Lighthouse read it. */
  hostUserAgent: string;
  finalUrl: string;
  durationMs: number;
  /** How many times Lighthouse ran to get this result (a runtime error is tried again). */
  attempts: number;
  /** Lighthouse's warnings, and the runtime error of each attempt that ended in one. */
  warnings: string[];
  /** The runtime error (NO_NAVSTART, NO_FCP, a failed load) of the run kept, if any. */
  error?: string;
};

/**
 * Attempts per run. With Chromium 156, Lighthouse 12.2.3 ended 3 of 52 runs here with NO_NAVSTART
 * (no navigationStart found in the trace) and no performance score; a new attempt in a new
 * Chromium gets one. A page that really does not paint (NO_FCP) fails every attempt.
 */
export const LIGHTHOUSE_ATTEMPTS = 3;

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath());
}

/**
 * One Lighthouse run of `url` (up to LIGHTHOUSE_ATTEMPTS attempts). `running` holds the Chromium while it lives, so a clean-up on
 * Ctrl-C or the time limit can kill it (chrome-launcher's own SIGINT handler is off: it would exit
 * the process before the bench's clean-up ran). A Lighthouse failure is returned as the run's
 * `error`, not thrown: one page that does not load is a result, not a crash of the bench.
 */
export async function runLighthouse(
  url: string,
  preset: Preset,
  running: Set<chromeLauncher.LaunchedChrome>,
): Promise<LighthouseRun> {
  const earlier: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const run = await runLighthouseOnce(url, preset, running);
    if (run.error === undefined || attempt >= LIGHTHOUSE_ATTEMPTS)
      return { ...run, attempts: attempt, warnings: [...earlier, ...run.warnings] };
    earlier.push(`attempt ${attempt}: ${run.error}`);
  }
}

async function runLighthouseOnce(
  url: string,
  preset: Preset,
  running: Set<chromeLauncher.LaunchedChrome>,
): Promise<LighthouseRun> {
  const started = performance.now();
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    handleSIGINT: false,
    logLevel: 'silent',
  });
  running.add(chrome);
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORY_IDS] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    return summarise(result.lhr, pathOf(url), preset, performance.now() - started);
  } catch (error) {
    return failedRun(url, preset, performance.now() - started, error);
  } finally {
    running.delete(chrome);
    chrome.kill();
  }
}

function summarise(lhr: Result, path: string, preset: Preset, durationMs: number): LighthouseRun {
  const scores = {} as Record<CategoryId, number | null>;
  const failing: Partial<Record<CategoryId, FailingAudit[]>> = {};
  const errored = new Map<string, ErroredAudit>();
  for (const id of CATEGORY_IDS) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    if (!category) continue;
    if (scores[id] !== 100) failing[id] = failingAudits(lhr, category);
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (audit?.scoreDisplayMode === 'error')
        errored.set(audit.id, {
          id: audit.id,
          title: audit.title,
          error: audit.errorMessage ?? 'unknown error',
          weighted: ref.weight > 0 || errored.get(audit.id)?.weighted === true,
        });
    }
  }
  const warnings = lhr.runWarnings.map(String);
  if (lhr.runtimeError) warnings.unshift(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return {
    path,
    preset,
    scores,
    metrics: {
      fcpMs: numericValue(lhr, 'first-contentful-paint'),
      lcpMs: numericValue(lhr, 'largest-contentful-paint'),
      tbtMs: numericValue(lhr, 'total-blocking-time'),
      cls: numericValue(lhr, 'cumulative-layout-shift'),
      siMs: numericValue(lhr, 'speed-index'),
    },
    failing,
    errored: [...errored.values()],
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    lighthouseVersion: lhr.lighthouseVersion,
    hostUserAgent: lhr.environment.hostUserAgent,
    finalUrl: lhr.finalDisplayedUrl,
    durationMs: Math.round(durationMs),
    attempts: 1,
    warnings,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
  };
}

/**
 * The audits of a category scored below the pass mark. Weighted audits come first (they move the
 * score); for performance the unweighted ones are the opportunities and diagnostics that say why
 * a metric is slow. Errored audits are kept apart (`errored`).
 */
function failingAudits(lhr: Result, category: Result.Category): FailingAudit[] {
  const found: { weight: number; audit: FailingAudit }[] = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= AUDIT_PASS_SCORE) continue;
    const firstItem = describeFirstItem(audit.details);
    found.push({
      weight: ref.weight,
      audit: {
        id: audit.id,
        title: audit.title,
        weight: ref.weight,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        ...(firstItem ? { firstItem } : {}),
      },
    });
  }
  return found.sort((a, b) => b.weight - a.weight).map((entry) => entry.audit);
}

const FIRST_ITEM_CHARS = 160;

/**
 * The first entry of an audit's table or list, as text: the element's selector (accessibility,
 * tap targets), else its URL, console message or robots.txt line. Shapes vary per audit, so this
 * reads the items as unknown data.
 */
function describeFirstItem(details: Result['audits'][string]['details']): string | undefined {
  if (!details || !('items' in details) || !Array.isArray(details.items)) return undefined;
  const item: unknown = details.items[0];
  if (typeof item !== 'object' || item === null) return undefined;
  const record = item as Record<string, unknown>;
  const node = record.node as Record<string, unknown> | undefined;
  const text = [
    typeof node?.selector === 'string' ? node.selector : undefined,
    typeof record.url === 'string' ? record.url : undefined,
    typeof record.description === 'string' ? record.description : undefined,
    typeof record.message === 'string'
      ? `${typeof record.line === 'string' ? `${record.line}: ` : ''}${record.message}`
      : undefined,
  ].find((value) => value !== undefined && value !== '');
  return text === undefined ? undefined : text.slice(0, FIRST_ITEM_CHARS);
}

function numericValue(lhr: Result, auditId: string): number | null {
  const value = lhr.audits[auditId]?.numericValue;
  return value === undefined || !Number.isFinite(value) ? null : value;
}

function failedRun(url: string, preset: Preset, durationMs: number, error: unknown): LighthouseRun {
  const message = error instanceof Error ? error.message : String(error);
  return {
    path: pathOf(url),
    preset,
    scores: { performance: null, accessibility: null, 'best-practices': null, seo: null },
    metrics: { fcpMs: null, lcpMs: null, tbtMs: null, cls: null, siMs: null },
    failing: {},
    errored: [],
    benchmarkIndex: null,
    lighthouseVersion: '',
    hostUserAgent: '',
    finalUrl: url,
    durationMs: Math.round(durationMs),
    attempts: 1,
    warnings: [message],
    error: message,
  };
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * The run of median performance among repeated runs of one page and preset (BENCH_SITE_RUNS):
 * the lower middle for an even count, so two runs report the worse one. Runs without a
 * performance score sort first: a run that failed is not hidden by one that worked.
 */
export function medianPerformanceRun(runs: readonly LighthouseRun[]): LighthouseRun {
  if (runs.length === 0) throw new Error('medianPerformanceRun needs at least one run');
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseRun;
}
