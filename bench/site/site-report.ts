/**
 * The site step's report: issue 15's targets checked per page, the compact table, the audits and
 * axe rules that fail (grouped, so a fault of the shared layout reads as one line, not thirteen),
 * and the JSON written to bench/results/site.json.
 */
import type { AxePage, AxeVariant, AxeViolation } from './axe-run.js';
import {
  CATEGORY_IDS,
  PRESETS,
  type CategoryId,
  type ErroredAudit,
  type LighthouseRun,
  type Preset,
} from './lighthouse-run.js';

/** Issue 15: Lighthouse scores (0..100) and axe-core violations on every public page. */
export const SITE_TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  axeViolations: 0,
} as const;

export const TARGET_IDS = [
  'perfMobile',
  'perfDesktop',
  'accessibility',
  'bestPractices',
  'seo',
  'axe',
] as const;
export type TargetId = (typeof TARGET_IDS)[number];

export type PresetResult = {
  /** The run of median performance (BENCH_SITE_RUNS); the one the table shows. */
  median: LighthouseRun;
  /** Every run, in the order they ran. */
  runs: LighthouseRun[];
};

export type ServedPage = { status: number; contentType: string; bytes: number } | { error: string };

export type SitePageResult = {
  path: string;
  /** The page as a plain GET receives it (status, type, size of the HTML). */
  served: ServedPage;
  lighthouse: Record<Preset, PresetResult>;
  axe: {
    variants: AxeVariant[];
    /** Violated rules summed over the variants (a rule broken in all eight counts 8). */
    violations: number;
    /** Rules broken in at least one variant. */
    distinctRules: number;
    /** Variants that could not be measured. */
    errors: number;
  };
  /** Each of issue 15's targets for this page: true when met. */
  targets: Record<TargetId, boolean>;
  pass: boolean;
};

export type SiteReport =
  | {
      status: 'measured';
      baseUrl: string;
      startedAt: string;
      durationSeconds: number;
      machine: { cpus: number; cpuModel: string };
      runsPerPreset: number;
      lighthouseVersion: string;
      hostUserAgent: string;
      /** Lighthouse's CPU benchmark: the first run's, and the range over all runs. */
      benchmarkIndex: { first: number | null; min: number | null; max: number | null };
      axe: { version: string; browser: string };
      targets: typeof SITE_TARGETS;
      pages: SitePageResult[];
      summary: { pages: number; pagesPassing: number; perTarget: Record<TargetId, number> };
      /** Audits Lighthouse could not run, over all runs (one entry per audit). */
      erroredAudits: (ErroredAudit & { runs: number })[];
      notes: string[];
    }
  | { status: 'skipped'; reason: string };

/** Checks issue 15's targets for one page. A score Lighthouse could not give fails its target. */
export function checkTargets(
  lighthouse: Record<Preset, PresetResult>,
  axe: SitePageResult['axe'],
): Record<TargetId, boolean> {
  const atLeast = (category: CategoryId, target: number, presets: readonly Preset[]) =>
    presets.every((preset) => (lighthouse[preset].median.scores[category] ?? -1) >= target);
  return {
    perfMobile: atLeast('performance', SITE_TARGETS.performance, ['mobile']),
    perfDesktop: atLeast('performance', SITE_TARGETS.performance, ['desktop']),
    accessibility: atLeast('accessibility', SITE_TARGETS.accessibility, PRESETS),
    bestPractices: atLeast('best-practices', SITE_TARGETS.bestPractices, PRESETS),
    seo: atLeast('seo', SITE_TARGETS.seo, PRESETS),
    axe: axe.errors === 0 && axe.violations <= SITE_TARGETS.axeViolations,
  };
}

export function summariseAxe(variants: AxeVariant[]): SitePageResult['axe'] {
  return {
    variants,
    violations: variants.reduce((sum, variant) => sum + variant.violations.length, 0),
    distinctRules: new Set(variants.flatMap((variant) => variant.violations.map((v) => v.id))).size,
    errors: variants.filter((variant) => variant.error !== undefined).length,
  };
}

export function buildPageResult(
  path: string,
  served: ServedPage,
  lighthouse: Record<Preset, PresetResult>,
  axePage: AxePage | undefined,
): SitePageResult {
  const axe = summariseAxe(axePage?.variants ?? []);
  if (!axePage) axe.errors += 1;
  const targets = checkTargets(lighthouse, axe);
  return { path, served, lighthouse, axe, targets, pass: TARGET_IDS.every((id) => targets[id]) };
}

/**
 * Every page's errored audits, one entry per audit id with the number of runs it errored in.
 * Runs that ended in a runtime error are left out: every audit of theirs errors, and the run is
 * named in the notes.
 */
export function collectErroredAudits(pages: SitePageResult[]): (ErroredAudit & { runs: number })[] {
  const byId = new Map<string, ErroredAudit & { runs: number }>();
  for (const run of allRuns(pages).filter((r) => r.error === undefined))
    for (const audit of run.errored) {
      const seen = byId.get(audit.id);
      if (seen) seen.runs += 1;
      else byId.set(audit.id, { ...audit, runs: 1 });
    }
  return [...byId.values()];
}

/** Notes a reader needs before trusting the numbers: pages not served, consent not working. */
export function collectNotes(pages: SitePageResult[]): string[] {
  const notes: string[] = [];
  for (const page of pages) {
    if ('error' in page.served) notes.push(`${page.path}: a plain GET failed (${page.served.error})`);
    else if (page.served.status !== 200) notes.push(`${page.path}: answered ${page.served.status}`);
    for (const run of PRESETS.flatMap((preset) => page.lighthouse[preset].runs)) {
      if (run.error)
        notes.push(
          `${page.path} ${run.preset}: Lighthouse gave no full result in ${run.attempts} attempts: ${run.error}`,
        );
      else if (run.attempts > 1)
        notes.push(
          `${page.path} ${run.preset}: Lighthouse needed ${run.attempts} attempts (${run.warnings.join('; ')})`,
        );
    }
    const banner = page.axe.variants.filter((v) => v.consent === 'banner' && !v.error);
    const accepted = page.axe.variants.filter((v) => v.consent === 'accepted' && !v.error);
    const noBar = banner.filter((v) => !v.consentBarVisible).length;
    if (noBar > 0)
      notes.push(
        `${page.path}: no "Allow all" button on a first visit in ${noBar}/${banner.length} axe variants`,
      );
    const stillBar = accepted.filter((v) => v.consentBarVisible).length;
    if (stillBar > 0)
      notes.push(
        `${page.path}: an "Allow all" button (the bar's, or one of the page) is still visible after consent in ${stillBar}/${accepted.length} variants`,
      );
    for (const variant of page.axe.variants.filter((v) => v.error))
      notes.push(`${page.path} ${variantLabel(variant)}: axe not run: ${variant.error}`);
  }
  return notes;
}

function allRuns(pages: SitePageResult[]): LighthouseRun[] {
  return pages.flatMap((page) => PRESETS.flatMap((preset) => page.lighthouse[preset].runs));
}

export function variantLabel(variant: Pick<AxeVariant, 'viewport' | 'colorScheme' | 'consent'>): string {
  return `${variant.viewport} ${variant.colorScheme} ${variant.consent}`;
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const score = (value: number | null) => (value === null ? '–' : String(value)).padStart(3);
const ms = (value: number | null) =>
  (value === null ? '–' : Math.round(value).toLocaleString('en-US')).padStart(6);

export function printSiteReport(report: SiteReport, write: (line: string) => void): void {
  write('\nSite: Lighthouse and axe-core on every public page (issue 15), first visit, cookie bar showing');
  if (report.status === 'skipped') {
    write(`  SKIPPED: ${report.reason}`);
    return;
  }
  const bi = report.benchmarkIndex;
  write(
    `  ${report.baseUrl}; Lighthouse ${report.lighthouseVersion} (${report.hostUserAgent.match(/HeadlessChrome\/\S+/)?.[0] ?? report.hostUserAgent}), ` +
      `axe-core ${report.axe.version}; ${report.machine.cpus} × ${report.machine.cpuModel}`,
  );
  write(
    `  Lighthouse benchmarkIndex ${bi.first ?? '–'} (simulated throttling scales with it; ${bi.min ?? '–'}–${bi.max ?? '–'} over the runs); ` +
      `${report.runsPerPreset} run(s) per page and preset${report.runsPerPreset > 1 ? ', the median performance run shown' : ''}`,
  );
  const t = report.targets;
  write(
    `  targets: performance >= ${t.performance} (mobile and desktop), accessibility ${t.accessibility}, ` +
      `best practices >= ${t.bestPractices}, SEO ${t.seo} (both presets), axe violations ${t.axeViolations} (8 variants)`,
  );
  const header =
    `  ${'page'.padEnd(19)} ${'mobile  p   a  bp seo'} ${'desktop  p   a  bp seo'} ` +
    `${'LCP ms'.padStart(6)} ${'TBT ms'.padStart(6)} ${'CLS'.padStart(5)} ${'axe'.padStart(3)}  pM pD  a bp seo axe`;
  write(header);
  write(`  ${'-'.repeat(header.length - 2)}`);
  for (const page of report.pages) {
    const [mobile, desktop] = [page.lighthouse.mobile.median, page.lighthouse.desktop.median];
    const scores = (run: LighthouseRun) => CATEGORY_IDS.map((id) => score(run.scores[id])).join(' ');
    const cls = mobile.metrics.cls === null ? '–' : mobile.metrics.cls.toFixed(3);
    const axe = page.axe.errors > 0 ? 'err' : String(page.axe.distinctRules);
    const marks = TARGET_IDS.map((id) =>
      mark(page.targets[id]).padStart(id === 'seo' || id === 'axe' ? 3 : 2),
    );
    write(
      `  ${page.path.padEnd(19)} ${''.padEnd(6)}${scores(mobile)} ${''.padEnd(7)}${scores(desktop)} ` +
        `${ms(mobile.metrics.lcpMs)} ${ms(mobile.metrics.tbtMs)} ${cls.padStart(5)} ${axe.padStart(3)} ${marks.join(' ')}`,
    );
  }
  const s = report.summary;
  write(
    `  pages meeting every target: ${s.pagesPassing}/${s.pages}; per target: ` +
      TARGET_IDS.map((id) => `${id} ${s.perTarget[id]}/${s.pages}`).join(', '),
  );
  write(
    '  (LCP, TBT, CLS: mobile; axe: rules broken in any of the 8 variants, "err" when a variant did not run)',
  );
  printFailingAudits(report.pages, write);
  printAxeViolations(report.pages, write);
  if (report.erroredAudits.length > 0) {
    const first = report.erroredAudits[0];
    write(
      `  audits Lighthouse could not run (scores are unaffected unless weighted): ` +
        `${report.erroredAudits.map((a) => `${a.id}${a.weighted ? ' (weighted)' : ''}`).join(', ')}; ` +
        `first error: ${first?.error.slice(0, 160)}`,
    );
  }
  for (const note of report.notes) write(`  note: ${note}`);
  write(
    `  Site: ${s.pagesPassing}/${s.pages} pages meet every target: ${s.pagesPassing === s.pages ? 'PASS' : 'BELOW'} ` +
      `(${report.durationSeconds.toFixed(0)} s)`,
  );
}

type Occurrence = { path: string; preset: Preset; detail: string };

/**
 * One line per (category, audit) that fails anywhere: on which pages and presets, with an example;
 * by category, then weighted audits before diagnostics, then the most widespread first.
 */
function printFailingAudits(pages: SitePageResult[], write: (line: string) => void): void {
  type Group = { category: CategoryId; id: string; title: string; weight: number; where: Occurrence[] };
  const groups = new Map<string, Group>();
  for (const page of pages)
    for (const preset of PRESETS)
      for (const category of CATEGORY_IDS)
        for (const audit of page.lighthouse[preset].median.failing[category] ?? []) {
          const key = `${category} ${audit.id}`;
          const group = groups.get(key) ?? {
            category,
            id: audit.id,
            title: audit.title,
            weight: audit.weight,
            where: [],
          };
          const detail = [audit.displayValue, audit.firstItem].filter(Boolean).join('; ');
          group.where.push({ path: page.path, preset, detail });
          groups.set(key, group);
        }
  if (groups.size === 0) return;
  write(
    '  failing Lighthouse audits (below 0.9) of the categories under 100 (w: weighted; d: a diagnostic):',
  );
  const sorted = [...groups.values()].sort(
    (a, b) =>
      CATEGORY_IDS.indexOf(a.category) - CATEGORY_IDS.indexOf(b.category) ||
      Number(b.weight > 0) - Number(a.weight > 0) ||
      b.where.length - a.where.length,
  );
  for (const group of sorted) {
    const where = PRESETS.map((preset) => {
      const on = group.where.filter((o) => o.preset === preset).map((o) => o.path);
      return on.length === 0 ? '' : `${preset} ${pageList(on, pages.length)}`;
    })
      .filter(Boolean)
      .join('; ');
    const example = group.where.find((o) => o.detail);
    write(
      `    ${group.category.padEnd(14)} ${group.weight > 0 ? 'w' : 'd'} ${group.id}: ${group.title} — ${where}` +
        (example ? ` (e.g. ${example.path} ${example.preset}: ${example.detail})` : ''),
    );
  }
}

/** One line per axe rule broken anywhere: impact, where (page and variants), first target. */
function printAxeViolations(pages: SitePageResult[], write: (line: string) => void): void {
  const groups = new Map<string, { rule: AxeViolation; where: Map<string, string[]> }>();
  for (const page of pages)
    for (const variant of page.axe.variants)
      for (const violation of variant.violations) {
        const group = groups.get(violation.id) ?? { rule: violation, where: new Map<string, string[]>() };
        const labels = group.where.get(page.path) ?? [];
        labels.push(variantLabel(variant));
        group.where.set(page.path, labels);
        groups.set(violation.id, group);
      }
  if (groups.size === 0) return;
  write('  axe-core violations (rule, impact: pages and variants; first target):');
  for (const { rule, where } of groups.values()) {
    const variantsPerPage = [...where.entries()].map(
      ([path, labels]) => `${path} ${labels.length === 8 ? 'all 8' : labels.join(', ')}`,
    );
    write(
      `    ${rule.id} (${rule.impact ?? 'no impact'}): ${variantsPerPage.slice(0, 4).join('; ')}` +
        `${variantsPerPage.length > 4 ? `; +${variantsPerPage.length - 4} pages` : ''}; first: ${rule.firstTarget}`,
    );
  }
}

function pageList(paths: string[], total: number): string {
  if (paths.length === total) return `all ${total} pages`;
  if (paths.length > 5) return `${paths.length}/${total} pages`;
  return paths.join(' ');
}
