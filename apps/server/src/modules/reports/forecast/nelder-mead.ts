/**
 * Nelder-Mead over the unit box [0, 1]^d, for the one to four smoothing parameters of the
 * exponential-smoothing models (their error surfaces are smooth and low-dimensional, and a
 * gradient would cost as much as the simplex). Every trial point is clamped into the box, so the
 * callers map [0, 1] to their own admissible ranges and never see a parameter outside them.
 *
 * Deterministic: the simplex, the steps and the tie order depend only on the arguments.
 */

type Vertex = { x: number[]; value: number };

/** Side of the first simplex around the start, in unit coordinates. */
const STEP = 0.1;

const clampToUnit = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Ascending by value; Infinity (a diverging trial) sorts last without producing NaN. */
const byValue = (a: Vertex, b: Vertex) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

export function minimiseInUnitBox(
  objective: (x: readonly number[]) => number,
  start: readonly number[],
  { maxEvaluations = 300, tolerance = 1e-9 }: { maxEvaluations?: number; tolerance?: number } = {},
): Vertex {
  const d = start.length;
  let evaluations = 0;
  const vertex = (x: number[]): Vertex => {
    evaluations += 1;
    const value = objective(x);
    return { x, value: Number.isFinite(value) ? value : Infinity };
  };

  const first = start.map(clampToUnit);
  const simplex: Vertex[] = [vertex(first)];
  for (let i = 0; i < d; i += 1) {
    const x = [...first];
    x[i] = x[i]! <= 1 - STEP ? x[i]! + STEP : x[i]! - STEP;
    simplex.push(vertex(x));
  }

  while (evaluations < maxEvaluations) {
    simplex.sort(byValue);
    const best = simplex[0]!;
    const worst = simplex[d]!;
    const secondWorst = simplex[d - 1] ?? best;
    // Relative spread of the values: the absolute term stops a surface that is flat at 0 (an
    // all-zero history fits exactly with any parameters).
    if (worst.value - best.value <= tolerance * (Math.abs(best.value) + 1e-12)) break;

    const centroid = new Array<number>(d).fill(0);
    for (let i = 0; i < d; i += 1) {
      for (let j = 0; j < d; j += 1) centroid[j]! += simplex[i]!.x[j]! / d;
    }
    const along = (t: number) => vertex(centroid.map((c, j) => clampToUnit(c + t * (worst.x[j]! - c))));

    const reflected = along(-1);
    if (reflected.value < best.value) {
      const expanded = along(-2);
      simplex[d] = expanded.value < reflected.value ? expanded : reflected;
    } else if (reflected.value < secondWorst.value) {
      simplex[d] = reflected;
    } else {
      const contracted = reflected.value < worst.value ? along(-0.5) : along(0.5);
      if (contracted.value < Math.min(reflected.value, worst.value)) {
        simplex[d] = contracted;
      } else {
        for (let i = 1; i <= d; i += 1) {
          simplex[i] = vertex(simplex[i]!.x.map((v, j) => best.x[j]! + 0.5 * (v - best.x[j]!)));
        }
      }
    }
  }
  simplex.sort(byValue);
  return simplex[0]!;
}
