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

/**
 * What a hot standby raises when replay must cancel a query that conflicts with it: 40001 (and
 * 40P01 for a buffer-pin deadlock), possibly wrapped.
 */
export function isRecoveryConflict(error: unknown): boolean {
  return hasCode(error, '40001') || hasCode(error, '40P01');
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

/** The socket's own failures, before or instead of PostgreSQL's answer. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says, without a code, when a connection ends or cannot be had in time. */
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * The database could not be reached or went away (on the error or up to three causes deep): a
 * connection exception (class 08), a server that shuts down, crashed or is starting (57P01-57P03),
 * a socket failure, or node-postgres's words for a lost connection. The statement did not run to
 * its commit; the same work may be tried again (elsewhere, or later).
 */
export function isConnectionFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (/^08/.test(code) || ['57P01', '57P02', '57P03'].includes(code)) return true;
      if (SOCKET_ERRORS.has(code)) return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
