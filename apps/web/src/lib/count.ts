const countFormat = new Intl.NumberFormat();

/** Whole counts (transactions, units, stock) with the reader's grouping: "12,480". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
