import type { FittedModel } from './fitted-model.js';
import type { Minimum } from './nelder-mead.js';
import { LANES, sseLanes, sseOf, type SseTask } from './smoothing-recursions.js';

/**
 * Runs many parameter searches at once. Each search is a generator that yields the points it wants
 * evaluated (nelder-mead.ts); the searches of one series length and season advance side by side,
 * up to four at a time, and their evaluations share one pass of the recursions (sseLanes). Every
 * search sees exactly the values it would see alone, so it takes the same steps and finds the
 * same minimum: only the time changes.
 */

export type SearchJob = { task: SseTask; search: Generator<Float64Array, Minimum, number> };

/**
 * A model to fit: the searches it needs, and how it becomes a fitted model from their minima (in
 * the order of `jobs`). The baselines need no search.
 */
export type ModelPlan = { jobs: SearchJob[]; finish: (minima: readonly Minimum[]) => FittedModel };

/** Fits every plan, their searches run together: the fitted models in the order of `plans`. */
export function fitPlans(plans: readonly ModelPlan[]): FittedModel[] {
  const minima = runSearches(plans.flatMap((plan) => plan.jobs));
  let next = 0;
  return plans.map((plan) => {
    const own = minima.slice(next, next + plan.jobs.length);
    next += plan.jobs.length;
    return plan.finish(own);
  });
}

/** The minimum of each job, in the order of `jobs`. */
export function runSearches(jobs: readonly SearchJob[]): Minimum[] {
  const results = new Array<Minimum>(jobs.length);
  const groups = new Map<string, number[]>();
  jobs.forEach((job, index) => {
    const key = `${job.task.y.length}:${job.task.m}`;
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  for (const queue of groups.values()) runGroup(jobs, queue, results);
  return results;
}

type Lane = { index: number; point: Float64Array };

/** The jobs of `queue` (one n and m), four lanes at a time; a finished lane takes the next job. */
function runGroup(jobs: readonly SearchJob[], queue: readonly number[], results: Minimum[]): void {
  let next = 0;
  const startNext = (): Lane | null => {
    while (next < queue.length) {
      const index = queue[next++]!;
      const step = jobs[index]!.search.next();
      if (!step.done) return { index, point: step.value };
      results[index] = step.value;
    }
    return null;
  };
  const lanes: Array<Lane | null> = Array.from({ length: LANES }, startNext);
  const tasks = new Array<SseTask>(LANES);
  const points = new Array<Float64Array>(LANES);
  const values = new Float64Array(LANES);
  for (;;) {
    let busy = 0;
    let first = -1;
    for (let k = 0; k < LANES; k += 1) {
      if (!lanes[k]) continue;
      busy += 1;
      if (first < 0) first = k;
    }
    if (busy === 0) return;
    const some = lanes[first]!;
    if (busy === 1) values[first] = sseOf(jobs[some.index]!.task, some.point);
    else {
      // An idle lane repeats a busy one: its result is dropped.
      for (let k = 0; k < LANES; k += 1) {
        const lane = lanes[k] ?? some;
        tasks[k] = jobs[lane.index]!.task;
        points[k] = lane.point;
      }
      sseLanes(tasks, points, values);
    }
    for (let k = 0; k < LANES; k += 1) {
      const lane = lanes[k];
      if (!lane) continue;
      const step = jobs[lane.index]!.search.next(values[k]!);
      if (step.done) {
        results[lane.index] = step.value;
        lanes[k] = startNext();
      } else lane.point = step.value;
    }
  }
}
