import type { Principal } from '../auth/principal.js';
import { AppError } from '../http/app-error.js';
import type { Db } from './database.js';
import type { Tx } from './tenancy.js';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * The session check the auth guard runs before every signed-in handler: one prepared statement
 * on a pooled connection, outside any transaction. `app_session_version` (a SECURITY DEFINER
 * function, migration 0004) answers the user's token version while the user may act and the
 * token is not on the logout denylist, else NULL.
 *
 * A database failure here is a 503 with a plain message: the driver's error (its code, the
 * address it could not reach) stays in the server log.
 */
export function createSessionCheck(db: Db): (principal: Principal) => Promise<void> {
  return async (principal) => {
    let version: number | null | undefined;
    try {
      const result = await db.$client.query<{ version: number | null }>({
        name: 'app_session_version',
        text: 'select app_session_version($1, $2) as version',
        values: [principal.userId, principal.tokenId],
      });
      version = result.rows[0]?.version;
    } catch (error) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The service is briefly unavailable. Please try again in a moment.',
        undefined,
        {},
        error,
      );
    }
    if (version !== principal.tokenVersion) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
  };
}

/**
 * The same check again, inside a transaction that holds the business row's lock. The guard's check
 * ran before the request waited for that lock; a role change, disabling or close committed
 * meanwhile (each takes the same lock) would otherwise let the request act on the roles of its
 * token, e.g. an owner demoted a moment ago still granting the owner role (security review).
 */
export async function assertSessionHoldsIn(tx: Tx, principal: Principal): Promise<void> {
  const result = await tx.$client.query<{ version: number | null }>(
    'select app_session_version($1, $2) as version',
    [principal.userId, principal.tokenId],
  );
  if (result.rows[0]?.version !== principal.tokenVersion)
    throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
}
