/**
 * Weights in kilograms: numbers in JSON, numeric(8,3) in SQL (which the driver hands over as
 * text, so as not to lose digits a double could not hold; three decimals fit exactly).
 */
export function kilogramsToSql(value: number | null): string | null {
  return value === null ? null : value.toFixed(3);
}

export function kilogramsFromSql(value: string | null): number | null {
  return value === null ? null : Number(value);
}
