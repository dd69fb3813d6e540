/**
 * Nelder-Mead over the unit box [0, 1]^d, for the one to four smoothing parameters of the
 * exponential-smoothing models (their error surfaces are smooth and low-dimensional, and a
 * gradient would cost as much as the simplex). Every trial point is clamped into the box, so the
 * callers map [0, 1] to their own admissible ranges and never see a parameter outside them.
 *
 * Deterministic: the simplex, the steps and the tie order depend only on the arguments.
 *
 * Suggested orders fit some ten thousand models a request, so the search allocates nothing per
 * step: the vertices live in a fixed set of Float64Array rows that trade places. The arithmetic
 * and the order of every decision are those of the textbook loop (a stable sort, the centroid
 * summed vertex by vertex), so the answer is the same to the last bit.
 */

export type Minimum = { x: number[]; value: number };

/** Side of the first simplex around the start, in unit coordinates. */
const STEP = 0.1;

const clampToUnit = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * The search as a generator: it yields each point to evaluate (a row it owns: read it before the
 * next step, do not keep it) and takes the objective's value back through `next(value)`; it
 * answers the best vertex. A generator, so that many searches can advance in lockstep and their
 * evaluations share one pass (search-lanes.ts).
 */
export function* searchUnitBox(
  start: readonly number[],
  { maxEvaluations = 300, tolerance = 1e-9 }: { maxEvaluations?: number; tolerance?: number } = {},
): Generator<Float64Array, Minimum, number> {
  const d = start.length;
  let evaluations = 0;
  // A diverging trial sorts last without producing NaN.
  const finite = (value: number) => (Number.isFinite(value) ? value : Infinity);

  // The simplex: d + 1 rows and their values, kept sorted ascending by value.
  const rows: Float64Array[] = [];
  const values = new Float64Array(d + 1);
  const first = new Float64Array(d);
  for (let j = 0; j < d; j += 1) first[j] = clampToUnit(start[j]!);
  rows.push(first);
  evaluations += 1;
  values[0] = finite(yield first);
  for (let i = 0; i < d; i += 1) {
    const x = Float64Array.from(first);
    x[i] = x[i]! <= 1 - STEP ? x[i]! + STEP : x[i]! - STEP;
    rows.push(x);
    evaluations += 1;
    values[i + 1] = finite(yield x);
  }

  // Trial points: the reflection, the expansion, the contraction. An accepted one trades its row
  // with the worst vertex's, which becomes scratch for the next step.
  let reflected: Float64Array = new Float64Array(d);
  let expanded: Float64Array = new Float64Array(d);
  let contracted: Float64Array = new Float64Array(d);
  const centroid = new Float64Array(d);
  const along = (t: number, into: Float64Array): Float64Array => {
    const worst = rows[d]!;
    for (let j = 0; j < d; j += 1) {
      const c = centroid[j]!;
      into[j] = clampToUnit(c + t * (worst[j]! - c));
    }
    evaluations += 1;
    return into;
  };
  const replaceWorst = (row: Float64Array, value: number): Float64Array => {
    const old = rows[d]!;
    rows[d] = row;
    values[d] = value;
    return old;
  };

  while (evaluations < maxEvaluations) {
    sortByValue(rows, values);
    const best = rows[0]!;
    const bestValue = values[0];
    const worstValue = values[d]!;
    const secondWorstValue = values[d - 1]!;
    // Relative spread of the values: the absolute term stops a surface that is flat at 0 (an
    // all-zero history fits exactly with any parameters).
    if (worstValue - bestValue <= tolerance * (Math.abs(bestValue) + 1e-12)) break;

    centroid.fill(0);
    for (let i = 0; i < d; i += 1) {
      const x = rows[i]!;
      for (let j = 0; j < d; j += 1) centroid[j] = centroid[j]! + x[j]! / d;
    }

    const reflectedValue = finite(yield along(-1, reflected));
    if (reflectedValue < bestValue) {
      const expandedValue = finite(yield along(-2, expanded));
      if (expandedValue < reflectedValue) expanded = replaceWorst(expanded, expandedValue);
      else reflected = replaceWorst(reflected, reflectedValue);
    } else if (reflectedValue < secondWorstValue) {
      reflected = replaceWorst(reflected, reflectedValue);
    } else {
      const contractedValue = finite(
        yield reflectedValue < worstValue ? along(-0.5, contracted) : along(0.5, contracted),
      );
      if (contractedValue < Math.min(reflectedValue, worstValue)) {
        contracted = replaceWorst(contracted, contractedValue);
      } else {
        for (let i = 1; i <= d; i += 1) {
          const x = rows[i]!;
          for (let j = 0; j < d; j += 1) x[j] = best[j]! + 0.5 * (x[j]! - best[j]!);
          evaluations += 1;
          values[i] = finite(yield x);
        }
      }
    }
  }
  sortByValue(rows, values);
  return { x: Array.from(rows[0]!), value: values[0] };
}

/** Runs the search with `objective` evaluating each point as it comes. */
export function minimiseInUnitBox(
  objective: (x: Float64Array) => number,
  start: readonly number[],
  options: { maxEvaluations?: number; tolerance?: number } = {},
): Minimum {
  const search = searchUnitBox(start, options);
  let step = search.next();
  while (!step.done) step = search.next(objective(step.value));
  return step.value;
}

/**
 * Ascending by value, stable (equal values keep their order, as Array.prototype.sort keeps them):
 * an insertion sort, the fastest for the two to five vertices there are.
 */
function sortByValue(rows: Float64Array[], values: Float64Array): void {
  for (let i = 1; i < values.length; i += 1) {
    const value = values[i]!;
    const row = rows[i]!;
    let j = i - 1;
    while (j >= 0 && values[j]! > value) {
      values[j + 1] = values[j]!;
      rows[j + 1] = rows[j]!;
      j -= 1;
    }
    values[j + 1] = value;
    rows[j + 1] = row;
  }
}
