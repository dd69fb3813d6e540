/**
 * The recursions of the exponential-smoothing family (see exponential-smoothing.ts for the model)
 * and their sum of squared one-step errors, the objective every fit minimises. A fit evaluates it
 * a few hundred times, suggested orders fit thousands of series: this is where their time goes.
 *
 * One recursion is a chain of dependent additions and multiplications (each day's level waits for
 * the day before), so a core runs it far below its arithmetic speed. `sseLanes` runs four
 * independent recursions (four series, or four parameter sets) in one loop, which the core
 * overlaps: four evaluations for the time of about two. Each lane does exactly the arithmetic of
 * `runRecursions`, in the same order, so its sum is the same number to the last bit.
 */

/** Which states a variant carries: SES neither, Holt the trend, Holt-Winters the season and maybe the trend. */
export type Shape = { hasTrend: boolean; hasSeason: boolean };
export type Parameters = { alpha: number; beta: number; gamma: number; phi: number };
export type State = { level: number; trend: number; season: Float64Array };

/** One objective: the series, its season length, the variant and its state after day 0. */
export type SseTask = { y: Float64Array; m: number; shape: Shape; start: State };

const ALPHA_MIN = 0.001;
const ALPHA_MAX = 0.999;
const PHI_MIN = 0.8;
const PHI_MAX = 1;

/** Each coordinate of the unit box to a parameter, in the order alpha, beta, gamma, phi. */
export function parametersOf(shape: Shape, x: ArrayLike<number>): Parameters {
  return setParameters({ alpha: 0, beta: 0, gamma: 0, phi: 0 }, shape, x);
}

/** parametersOf into `p`: the objective runs thousands of times a request and allocates nothing. */
function setParameters(p: Parameters, shape: Shape, x: ArrayLike<number>): Parameters {
  let next = 0;
  const take = () => x[next++] ?? 0;
  p.alpha = ALPHA_MIN + (ALPHA_MAX - ALPHA_MIN) * take();
  p.beta = shape.hasTrend ? p.alpha * take() : 0;
  p.gamma = shape.hasSeason ? (1 - p.alpha) * take() : 0;
  p.phi = shape.hasTrend ? PHI_MIN + (PHI_MAX - PHI_MIN) * take() : 0;
  return p;
}

/**
 * Runs the recursions over days 1..n-1 from the starting state; `state` is overwritten with the
 * state after the last day. Answers the sum of squared one-step errors. No allocation inside, one
 * loop per shape (a model without a season adds no seasonal term, which is the same number as
 * adding 0), and the weekday's slot counted instead of divided out.
 */
export function runRecursions(y: Float64Array, m: number, p: Parameters, state: State): number {
  const { alpha, beta, gamma, phi } = p;
  const season = state.season;
  const n = y.length;
  let level = state.level;
  let trend = state.trend;
  let sse = 0;
  if (season.length === 0) {
    for (let t = 1; t < n; t += 1) {
      const error = y[t]! - (level + phi * trend);
      sse += error * error;
      level += phi * trend + alpha * error;
      trend = phi * trend + beta * error;
    }
  } else {
    for (let t = 1, slot = 1 % m; t < n; t += 1) {
      const seasonal = season[slot]!;
      const error = y[t]! - (level + phi * trend + seasonal);
      sse += error * error;
      level += phi * trend + alpha * error;
      trend = phi * trend + beta * error;
      season[slot] = seasonal + gamma * error;
      slot = slot + 1 === m ? 0 : slot + 1;
    }
  }
  state.level = level;
  state.trend = trend;
  return sse;
}

const scratchState: State = { level: 0, trend: 0, season: new Float64Array(0) };
const scratchParameters: Parameters = { alpha: 0, beta: 0, gamma: 0, phi: 0 };

/** The objective of `task` at the unit-box point `x`. */
export function sseOf(task: SseTask, x: ArrayLike<number>): number {
  const { start } = task;
  if (scratchState.season.length !== start.season.length)
    scratchState.season = new Float64Array(start.season.length);
  scratchState.level = start.level;
  scratchState.trend = start.trend;
  scratchState.season.set(start.season);
  return runRecursions(task.y, task.m, setParameters(scratchParameters, task.shape, x), scratchState);
}

/** Lanes `sseLanes` runs at once. */
export const LANES = 4;

const laneParameters = Array.from({ length: LANES }, () => ({ alpha: 0, beta: 0, gamma: 0, phi: 0 }));
let laneSeasons = new Float64Array(0);

/**
 * The objectives of four tasks at four points in one loop: `out[k]` = sseOf(tasks[k], xs[k]). The
 * tasks share n and m (the caller groups them so). A lane without a season carries one of zeros
 * with gamma = 0: its seasonal term stays +0, and a sum of squares does not see the sign of a zero,
 * so its sum is runRecursions' to the bit (a diverging lane is not finite either way).
 */
export function sseLanes(
  tasks: readonly SseTask[],
  xs: ReadonlyArray<ArrayLike<number>>,
  out: Float64Array,
): void {
  const n = tasks[0]!.y.length;
  const m = tasks[0]!.m;
  if (laneSeasons.length < LANES * m) laneSeasons = new Float64Array(LANES * m);
  const s = laneSeasons;
  for (let k = 0; k < LANES; k += 1) {
    const task = tasks[k]!;
    if (task.y.length !== n || task.m !== m) throw new Error('the lanes must share n and m');
    setParameters(laneParameters[k]!, task.shape, xs[k]!);
    if (task.start.season.length === m) s.set(task.start.season, k * m);
    else s.fill(0, k * m, (k + 1) * m);
  }
  const [p0, p1, p2, p3] = laneParameters as [Parameters, Parameters, Parameters, Parameters];
  const [t0, t1, t2, t3] = tasks as [SseTask, SseTask, SseTask, SseTask];
  const y0 = t0.y;
  const y1 = t1.y;
  const y2 = t2.y;
  const y3 = t3.y;
  const { alpha: a0, beta: b0, gamma: g0, phi: f0 } = p0;
  const { alpha: a1, beta: b1, gamma: g1, phi: f1 } = p1;
  const { alpha: a2, beta: b2, gamma: g2, phi: f2 } = p2;
  const { alpha: a3, beta: b3, gamma: g3, phi: f3 } = p3;
  let l0 = t0.start.level;
  let l1 = t1.start.level;
  let l2 = t2.start.level;
  let l3 = t3.start.level;
  let r0 = t0.start.trend;
  let r1 = t1.start.trend;
  let r2 = t2.start.trend;
  let r3 = t3.start.trend;
  let e0 = 0;
  let e1 = 0;
  let e2 = 0;
  let e3 = 0;
  const o1 = m;
  const o2 = 2 * m;
  const o3 = 3 * m;
  for (let t = 1, slot = 1 % m; t < n; t += 1) {
    const q0 = s[slot]!;
    const q1 = s[o1 + slot]!;
    const q2 = s[o2 + slot]!;
    const q3 = s[o3 + slot]!;
    const d0 = y0[t]! - (l0 + f0 * r0 + q0);
    const d1 = y1[t]! - (l1 + f1 * r1 + q1);
    const d2 = y2[t]! - (l2 + f2 * r2 + q2);
    const d3 = y3[t]! - (l3 + f3 * r3 + q3);
    e0 += d0 * d0;
    e1 += d1 * d1;
    e2 += d2 * d2;
    e3 += d3 * d3;
    l0 += f0 * r0 + a0 * d0;
    l1 += f1 * r1 + a1 * d1;
    l2 += f2 * r2 + a2 * d2;
    l3 += f3 * r3 + a3 * d3;
    r0 = f0 * r0 + b0 * d0;
    r1 = f1 * r1 + b1 * d1;
    r2 = f2 * r2 + b2 * d2;
    r3 = f3 * r3 + b3 * d3;
    s[slot] = q0 + g0 * d0;
    s[o1 + slot] = q1 + g1 * d1;
    s[o2 + slot] = q2 + g2 * d2;
    s[o3 + slot] = q3 + g3 * d3;
    slot = slot + 1 === m ? 0 : slot + 1;
  }
  out[0] = e0;
  out[1] = e1;
  out[2] = e2;
  out[3] = e3;
}
