import { and, eq, isNull } from 'drizzle-orm';
import { actAsUser, presentTokenHash, type Tx } from '../../platform/db/tenancy.js';
import { refreshTokens } from './refresh-tokens.table.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Stores a new refresh token; the transaction acts as its user (who proved who they are). */
export async function insertRefreshToken(tx: Tx, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await actAsUser(tx, row.userId);
  await tx.insert(refreshTokens).values(row);
}

/** The token whose hash the caller presents, locked: two renewals with one token run in turn. */
export async function lockRefreshTokenByHash(
  tx: Tx,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  await presentTokenHash(tx, tokenHash);
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  if (row) await actAsUser(tx, row.userId);
  return row;
}

export async function markRefreshTokenUsed(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
}

/** Ends every token of a family (logout, or a stolen copy was used). */
export async function revokeRefreshFamily(tx: Tx, familyId: string, at: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
