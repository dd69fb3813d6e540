import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import { actAsUser, presentTokenHash, type Tx } from '../../platform/db/tenancy.js';
import { oneTimeTokens, type OneTimeTokenPurpose } from './users.table.js';

export async function insertOneTimeToken(
  tx: Tx,
  row: { id: string; userId: string; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(oneTimeTokens).values(row);
}

/** A token of this hash and purpose that is neither used nor expired. */
function usable(tokenHash: string, purpose: OneTimeTokenPurpose) {
  return and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, new Date()),
  );
}

/**
 * Marks a token used and returns its user, in one statement: two requests racing with the same
 * link cannot both succeed. The holder of the link acts as its user for the rest of the
 * transaction (the policies of migration 0004 then show that user's row).
 */
export async function consumeOneTimeToken(
  tx: Tx,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
): Promise<string | undefined> {
  await presentTokenHash(tx, tokenHash);
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(usable(tokenHash, purpose))
    .returning({ userId: oneTimeTokens.userId });
  if (row) await actAsUser(tx, row.userId);
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

/** Whether a token could be consumed now, without consuming it (checked before costly work). */
export async function findUsableOneTimeToken(
  tx: Tx,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
): Promise<boolean> {
  await presentTokenHash(tx, tokenHash);
  const rows = await tx
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(usable(tokenHash, purpose));
  return rows.length > 0;
}

/** Tokens of one purpose issued to a user since `since`: the reset-mail limit counts them. */
export async function countRecentOneTimeTokens(
  tx: Tx,
  userId: string,
  purpose: OneTimeTokenPurpose,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        gte(oneTimeTokens.createdAt, since),
      ),
    );
  return row?.count ?? 0;
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

/**
 * The user of a token, used or expired or not: a used verification link tells whether its
 * address is verified already (mail scanners open links before their reader does). The holder of
 * the link acts as its user for the rest of the transaction, to read that user's row only.
 */
export async function findOneTimeTokenUser(
  tx: Tx,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
): Promise<string | undefined> {
  await presentTokenHash(tx, tokenHash);
  const [row] = await tx
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  if (row) await actAsUser(tx, row.userId);
  return row?.userId;
}
