/**
 * `--find-max`: the highest rate the server sustains, found by short steps at a fixed rate each:
 * the rate doubles until a step fails, then the interval between the best step that held and the
 * lowest that failed is bisected until it is narrow enough or the step budget is spent. Only the
 * decision is here; running a step is the soak's loop.
 */

export type RampBounds = {
  /** p99 of the interactive kinds must stay under this. */
  maxP99Ms: number;
  /** 0.001: fewer than 1 request in 1,000 may fail. */
  maxErrorRate: number;
  /** 0.95: the answers received must reach 95 % of the rate asked for. */
  minAchievedRatio: number;
};

export const DEFAULT_RAMP_BOUNDS: RampBounds = { maxP99Ms: 500, maxErrorRate: 0.001, minAchievedRatio: 0.95 };

export type RampStep = { targetRate: number; achievedRate: number; p99Ms: number; errorRate: number };

export type RampOptions = {
  startRate: number;
  /** Steps at most, so the search ends in bounded time (steps x step seconds). */
  maxSteps: number;
  /** Stop bisecting once the failing rate is within this fraction above the holding one. */
  precision: number;
};

export function isSustained(step: RampStep, bounds: RampBounds): boolean {
  return (
    step.p99Ms < bounds.maxP99Ms &&
    step.errorRate < bounds.maxErrorRate &&
    step.achievedRate >= bounds.minAchievedRatio * step.targetRate
  );
}

/**
 * The interval the search has narrowed down: `held` the highest rate that held below the lowest
 * that failed (0 when none held), `failed` that lowest failing rate (undefined while none failed).
 * A noisy machine may fail a rate and hold a higher one: the lowest failure bounds the answer.
 */
export function rampInterval(
  steps: readonly RampStep[],
  bounds: RampBounds,
): { held: number; failed: number | undefined } {
  const failures = steps.filter((step) => !isSustained(step, bounds)).map((step) => step.targetRate);
  const failed = failures.length ? Math.min(...failures) : undefined;
  const held = steps
    .filter((step) => isSustained(step, bounds) && (failed === undefined || step.targetRate < failed))
    .reduce((best, step) => Math.max(best, step.targetRate), 0);
  return { held, failed };
}

/** The next rate to try, or undefined when the search is over. Rates are whole requests a second. */
export function nextRampRate(
  steps: readonly RampStep[],
  bounds: RampBounds,
  options: RampOptions,
): number | undefined {
  if (steps.length >= options.maxSteps) return undefined;
  const last = steps.at(-1);
  if (!last) return Math.max(1, Math.round(options.startRate));
  const { held, failed } = rampInterval(steps, bounds);
  if (failed === undefined) return Math.round(last.targetRate * 2);
  if (held === 0) {
    // Even the lowest rate tried failed: halve it, down to 1 a second.
    const lower = Math.floor(failed / 2);
    return lower >= 1 ? lower : undefined;
  }
  if (failed - held <= Math.max(1, options.precision * held)) return undefined;
  const middle = Math.round((held + failed) / 2);
  const isTried = steps.some((step) => step.targetRate === middle);
  return isTried || middle <= held || middle >= failed ? undefined : middle;
}

/** The search's answer: the highest rate that held, and the 70 % to soak at. */
export function rampResult(
  steps: readonly RampStep[],
  bounds: RampBounds,
): { maxRate: number; suggestedRate: number; isCapped: boolean } {
  const { held, failed } = rampInterval(steps, bounds);
  return {
    maxRate: held,
    suggestedRate: Math.max(1, Math.floor(held * 0.7)),
    // No step failed: the server holds more than the search had time to try.
    isCapped: failed === undefined,
  };
}
