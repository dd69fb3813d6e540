/** PostgreSQL's unique_violation, possibly wrapped by drizzle in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** PostgreSQL's foreign_key_violation (a row others still reference), possibly wrapped. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, '23503');
}

/** PostgreSQL's numeric_value_out_of_range: a sum past its column's precision, possibly wrapped. */
export function isNumericOverflow(error: unknown): boolean {
  return hasCode(error, '22003');
}

function hasCode(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The constraint a database error names (on the error or up to two causes deep), e.g. a unique index. */
export function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
