import { parseArgs } from 'node:util';
import { DEFAULT_RAMP_BOUNDS } from './find-max.js';

export type SoakOptions = {
  /** Minutes of soak; undefined with --find-max alone (the ramp only). */
  minutes: number | undefined;
  /** Requests a second; undefined: the ramp's suggestion, else DEFAULT_RATE. */
  rate: number | undefined;
  findMax: boolean;
  maxInFlight: number;
  /** The ramp's p99 bound in ms (interactive kinds). */
  p99BoundMs: number;
  stepSeconds: number;
  /** The ramp's time budget: steps stop once another would pass it. */
  rampBudgetSeconds: number;
  startRate: number;
};

export const DEFAULT_RATE = 40;
export const DEFAULT_MINUTES = 30;

export const USAGE = `npm run soak -- [--minutes N] [--rate R] [--find-max] [options]
  --minutes N        minutes of soak (default ${DEFAULT_MINUTES}; with --find-max alone: no soak)
  --rate R           requests a second (default: 70 % of --find-max's answer, else ${DEFAULT_RATE})
  --find-max         ramp to the highest sustainable rate first (about 4 minutes)
  --max-in-flight N  requests in flight at most (default 64)
  --p99-bound MS     the ramp's p99 bound (default ${DEFAULT_RAMP_BOUNDS.maxP99Ms} ms)
  --step-seconds S   seconds per ramp step (default 20)
  --ramp-budget S    the ramp's time budget in seconds (default 240)
  --start-rate R     the ramp's first rate (default 10)`;

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number (got ${raw})`);
  return value;
}

/** The command line of `npm run soak`; throws with the usage on anything it does not know. */
export function readSoakOptions(argv: readonly string[]): SoakOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      minutes: { type: 'string' },
      rate: { type: 'string' },
      'find-max': { type: 'boolean', default: false },
      'max-in-flight': { type: 'string' },
      'p99-bound': { type: 'string' },
      'step-seconds': { type: 'string' },
      'ramp-budget': { type: 'string' },
      'start-rate': { type: 'string' },
    },
  });
  const findMax = values['find-max'] ?? false;
  const minutes =
    values.minutes === undefined && findMax
      ? undefined
      : positive('minutes', values.minutes, DEFAULT_MINUTES);
  return {
    minutes: minutes === undefined ? undefined : Math.ceil(minutes),
    rate: values.rate === undefined ? undefined : positive('rate', values.rate, DEFAULT_RATE),
    findMax,
    maxInFlight: Math.round(positive('max-in-flight', values['max-in-flight'], 64)),
    p99BoundMs: positive('p99-bound', values['p99-bound'], DEFAULT_RAMP_BOUNDS.maxP99Ms),
    stepSeconds: positive('step-seconds', values['step-seconds'], 20),
    rampBudgetSeconds: positive('ramp-budget', values['ramp-budget'], 240),
    startRate: positive('start-rate', values['start-rate'], 10),
  };
}
