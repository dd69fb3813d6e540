import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenancy.js';
import { oneTimeTokens, type OneTimeTokenPurpose } from './users.table.js';

export async function insertOneTimeToken(
  tx: Tx,
  row: { id: string; userId: string; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(oneTimeTokens).values(row);
}

/**
 * Marks a token used and returns its user, in one statement: two requests racing with the same
 * link cannot both succeed.
 */
export async function consumeOneTimeToken(
  tx: Tx,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
): Promise<string | undefined> {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/** A new reset link replaces the older unused ones. */
export async function revokeOneTimeTokens(
  tx: Tx,
  userId: string,
  purpose: OneTimeTokenPurpose,
): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}

/** Whether a token row with this id exists, used or not. */
export async function existsOneTimeToken(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.id, id))
    .limit(1);
  return row !== undefined;
}
