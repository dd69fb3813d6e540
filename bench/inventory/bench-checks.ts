/** The checks of the inventory benchmark: a value, its target, and the rounds it is the median of. */

export type Check = {
  name: string;
  value: number;
  target: string;
  pass: boolean | undefined;
  rounds: number[];
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function ratioCheck(
  name: string,
  numerator: number[],
  denominator: number[],
  target: number | undefined,
  comparison: '>=' | '<=',
): Check {
  const rounds = numerator.map((value, i) => value / (denominator[i] ?? value));
  const value = median(rounds);
  const pass = target === undefined ? undefined : comparison === '>=' ? value >= target : value <= target;
  return {
    name,
    value,
    target: target === undefined ? 'information' : `${comparison} ${target}`,
    pass,
    rounds,
  };
}
