import { describe, expect, it } from 'vitest';
import { DEFAULT_RAMP_BOUNDS, isSustained, nextRampRate, rampResult, type RampStep } from './find-max.js';

const bounds = { ...DEFAULT_RAMP_BOUNDS, maxP99Ms: 200 };
const options = { startRate: 10, maxSteps: 12, precision: 0.1 };

/** A server that holds every rate up to `capacity` requests a second and fails above. */
function stepAt(targetRate: number, capacity: number): RampStep {
  const holds = targetRate <= capacity;
  return {
    targetRate,
    achievedRate: holds ? targetRate : capacity,
    p99Ms: holds ? 50 : 900,
    errorRate: 0,
  };
}

/** Runs the whole search against such a server. */
function search(capacity: number, maxSteps = options.maxSteps): RampStep[] {
  const steps: RampStep[] = [];
  for (let rate = nextRampRate(steps, bounds, { ...options, maxSteps }); rate !== undefined;) {
    steps.push(stepAt(rate, capacity));
    rate = nextRampRate(steps, bounds, { ...options, maxSteps });
  }
  return steps;
}

describe('isSustained', () => {
  const good: RampStep = { targetRate: 100, achievedRate: 96, p99Ms: 150, errorRate: 0.0005 };

  it('holds with p99 under the bound, errors under 0.1 % and 95 % of the rate achieved', () => {
    expect(isSustained(good, bounds)).toBe(true);
  });

  it('fails on each bound alone', () => {
    expect(isSustained({ ...good, p99Ms: 200 }, bounds)).toBe(false);
    expect(isSustained({ ...good, errorRate: 0.001 }, bounds)).toBe(false);
    expect(isSustained({ ...good, achievedRate: 94.9 }, bounds)).toBe(false);
  });
});

describe('nextRampRate', () => {
  it('starts at the start rate and doubles while the steps hold', () => {
    expect(nextRampRate([], bounds, options)).toBe(10);
    expect(nextRampRate([stepAt(10, 1000)], bounds, options)).toBe(20);
    expect(nextRampRate([stepAt(10, 1000), stepAt(20, 1000)], bounds, options)).toBe(40);
  });

  it('bisects between the best held rate and the lowest failed one', () => {
    const steps = [stepAt(10, 100), stepAt(20, 100), stepAt(40, 100), stepAt(80, 100), stepAt(160, 100)];
    expect(nextRampRate(steps, bounds, options)).toBe(120);
    expect(nextRampRate([...steps, stepAt(120, 100)], bounds, options)).toBe(100);
  });

  it('ends within 10 % of the capacity and finds the rate that holds', () => {
    const steps = search(130);
    const { maxRate, suggestedRate, isCapped } = rampResult(steps, bounds);
    expect(maxRate).toBeLessThanOrEqual(130);
    expect(maxRate).toBeGreaterThanOrEqual(130 / 1.1);
    expect(suggestedRate).toBe(Math.floor(maxRate * 0.7));
    expect(isCapped).toBe(false);
    expect(steps.length).toBeLessThanOrEqual(options.maxSteps);
  });

  it('never takes more steps than allowed, and says when nothing failed', () => {
    const steps = search(1_000_000, 5);
    expect(steps.map((step) => step.targetRate)).toEqual([10, 20, 40, 80, 160]);
    expect(rampResult(steps, bounds)).toMatchObject({ maxRate: 160, isCapped: true });
  });

  it('halves below a failing start rate, down to 1 a second', () => {
    expect(nextRampRate([stepAt(10, 3)], bounds, options)).toBe(5);
    const steps = search(3);
    expect(rampResult(steps, bounds).maxRate).toBe(3);
    expect(search(0).map((step) => step.targetRate)).toEqual([10, 5, 2, 1]);
    expect(rampResult(search(0), bounds)).toMatchObject({ maxRate: 0, suggestedRate: 1 });
  });

  it('bounds the answer by the lowest failure when a noisy machine holds a higher rate', () => {
    // 80 failed (noise), 160 held: the answer cannot be above 80.
    const steps = [stepAt(10, 1000), stepAt(20, 1000), stepAt(40, 1000), stepAt(80, 0), stepAt(160, 1000)];
    expect(rampResult(steps, bounds).maxRate).toBe(40);
    expect(nextRampRate(steps, bounds, options)).toBe(60);
  });
});
