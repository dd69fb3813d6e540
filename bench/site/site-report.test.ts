import { describe, expect, it } from 'vitest';
import type { AxeVariant } from './axe-run.js';
import { medianPerformanceRun, type LighthouseRun, type Preset } from './lighthouse-run.js';
import {
  buildPageResult,
  checkTargets,
  collectNotes,
  summariseAxe,
  type PresetResult,
} from './site-report.js';

function lighthouseRun(
  preset: Preset,
  scores: Partial<LighthouseRun['scores']>,
  error?: string,
): LighthouseRun {
  return {
    path: '/',
    preset,
    scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, ...scores },
    metrics: { fcpMs: 800, lcpMs: 1200, tbtMs: 0, cls: 0, siMs: 900 },
    failing: {},
    errored: [],
    benchmarkIndex: 1500,
    lighthouseVersion: '12.2.3',
    hostUserAgent: 'HeadlessChrome/156.0.0.0',
    finalUrl: 'http://127.0.0.1/',
    durationMs: 10_000,
    attempts: 1,
    warnings: [],
    ...(error ? { error } : {}),
  };
}

function presets(mobile: LighthouseRun, desktop: LighthouseRun): Record<Preset, PresetResult> {
  return { mobile: { median: mobile, runs: [mobile] }, desktop: { median: desktop, runs: [desktop] } };
}

function variant(overrides: Partial<AxeVariant> = {}): AxeVariant {
  return {
    viewport: '390x844',
    colorScheme: 'light',
    consent: 'banner',
    status: 200,
    consentBarVisible: true,
    violations: [],
    ...overrides,
  };
}

const colorContrast = {
  id: 'color-contrast',
  impact: 'serious',
  help: 'contrast',
  nodes: 2,
  firstTarget: '.a',
};

describe('medianPerformanceRun', () => {
  it('keeps the run of median performance of an odd count', () => {
    const runs = [90, 70, 80].map((p) => lighthouseRun('mobile', { performance: p }));
    expect(medianPerformanceRun(runs).scores.performance).toBe(80);
  });

  it('keeps the worse middle run of an even count', () => {
    const runs = [96, 90].map((p) => lighthouseRun('mobile', { performance: p }));
    expect(medianPerformanceRun(runs).scores.performance).toBe(90);
  });

  it('does not let a working run hide a failed one of two', () => {
    const runs = [
      lighthouseRun('mobile', { performance: 99 }),
      lighthouseRun('mobile', { performance: null }, 'NO_FCP'),
    ];
    expect(medianPerformanceRun(runs).error).toBe('NO_FCP');
  });
});

describe('checkTargets', () => {
  it('passes a page at the targets exactly', () => {
    const run = (preset: Preset) =>
      lighthouseRun(preset, { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 });
    const targets = checkTargets(presets(run('mobile'), run('desktop')), summariseAxe([variant()]));
    expect(Object.values(targets).every(Boolean)).toBe(true);
  });

  it('checks performance per preset and the other categories on both', () => {
    const targets = checkTargets(
      presets(lighthouseRun('mobile', { performance: 94 }), lighthouseRun('desktop', { seo: 99 })),
      summariseAxe([variant()]),
    );
    expect(targets).toEqual({
      perfMobile: false,
      perfDesktop: true,
      accessibility: true,
      bestPractices: true,
      seo: false,
      axe: true,
    });
  });

  it('fails a target whose score Lighthouse could not give', () => {
    const targets = checkTargets(
      presets(lighthouseRun('mobile', { accessibility: null }, 'NO_NAVSTART'), lighthouseRun('desktop', {})),
      summariseAxe([variant()]),
    );
    expect(targets.accessibility).toBe(false);
  });

  it('fails axe on a violation in any variant, and on a variant that did not run', () => {
    const run = presets(lighthouseRun('mobile', {}), lighthouseRun('desktop', {}));
    const violated = checkTargets(
      run,
      summariseAxe([variant(), variant({ colorScheme: 'dark', violations: [colorContrast] })]),
    );
    const notRun = checkTargets(run, summariseAxe([variant({ error: 'net::ERR_CONNECTION_REFUSED' })]));
    expect([violated.axe, notRun.axe]).toEqual([false, false]);
  });
});

describe('summariseAxe', () => {
  it('counts violations per variant and distinct rules over the variants', () => {
    const summary = summariseAxe([
      variant({ violations: [colorContrast] }),
      variant({ consent: 'accepted', violations: [colorContrast, { ...colorContrast, id: 'region' }] }),
    ]);
    expect([summary.violations, summary.distinctRules, summary.errors]).toEqual([3, 2, 0]);
  });
});

describe('buildPageResult', () => {
  it('fails a page axe has no result for', () => {
    const page = buildPageResult(
      '/',
      { status: 200, contentType: 'text/html', bytes: 1000 },
      presets(lighthouseRun('mobile', {}), lighthouseRun('desktop', {})),
      undefined,
    );
    expect([page.targets.axe, page.pass]).toEqual([false, false]);
  });
});

describe('collectNotes', () => {
  it('names a missing cookie bar, a bar left after consent and a Lighthouse runtime error', () => {
    const page = buildPageResult(
      '/about',
      { status: 404, contentType: 'text/html', bytes: 10 },
      presets(lighthouseRun('mobile', { performance: null }, 'NO_FCP'), lighthouseRun('desktop', {})),
      {
        path: '/about',
        variants: [
          variant({ consentBarVisible: false }),
          variant({ consent: 'accepted', consentBarVisible: true, consentGivenBy: 'cookie' }),
        ],
      },
    );
    const notes = collectNotes([page]).join('\n');
    expect(notes).toContain('/about: answered 404');
    expect(notes).toContain('/about mobile: Lighthouse gave no full result in 1 attempts: NO_FCP');
    expect(notes).toContain('no "Allow all" button on a first visit in 1/1');
    expect(notes).toContain('still visible after consent in 1/1');
  });
});
