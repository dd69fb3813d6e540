import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { lookUpAccount, type Tx } from '../../platform/db/tenancy.js';
import { oneTimeTokens, users } from './users.table.js';
import type { UserRow } from './users.repository.js';

/*
 * Writes of the member-management calls (roles, disable, delete, e-mail change). Users are a
 * global table: every function here filters by the business as well as by id, so a transaction
 * of one business never touches another's member, whatever the policies admit.
 */

/** A member of the business (deleted ones are gone), locked to the end of the transaction. */
export async function lockMember(tx: Tx, businessId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.businessId, businessId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/**
 * Owners of the business who can still act (a password set, not disabled, not deleted), besides
 * `exceptId`. Callers hold the business row's lock, so two owners cannot remove each other at
 * once and leave none.
 */
export async function countActingOwnersBesides(
  tx: Tx,
  businessId: string,
  exceptId: string,
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.businessId, businessId),
        ne(users.id, exceptId),
        isNull(users.deletedAt),
        isNull(users.disabledAt),
        isNotNull(users.passwordHash),
        sql`'ROLE_BUSINESS_OWNER' = any(${users.roles})`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * Every change below that takes access away bumps `token_version`: the session check refuses the
 * user's access tokens at the next request, and a refresh of an older family is refused.
 */
export async function saveRoles(tx: Tx, id: string, roles: string[]): Promise<UserRow> {
  return updateReturning(tx, id, { roles, tokenVersion: sql`${users.tokenVersion} + 1` });
}

export async function saveDisabled(tx: Tx, id: string, isDisabled: boolean): Promise<UserRow> {
  return updateReturning(
    tx,
    id,
    isDisabled
      ? { disabledAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` }
      : { disabledAt: null },
  );
}

export async function saveProfile(
  tx: Tx,
  id: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  return updateReturning(tx, id, changes);
}

/**
 * Anonymises a deleted user. The row stays (audit entries keep its id); everything that named or
 * reached the person goes, and the address is freed for a new account.
 */
export async function anonymiseUser(tx: Tx, id: string): Promise<void> {
  await tx
    .update(users)
    .set({
      email: `deleted-${id}@deleted.invalid`,
      fullName: 'Deleted user',
      username: null,
      phoneNumber: null,
      picture: null,
      passwordHash: null,
      locationId: null,
      country: null,
      zipCode: null,
      city: null,
      state: null,
      street: null,
      description: null,
      pendingEmail: null,
      deletedAt: new Date(),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
  // Unused links of any purpose stop working (an invitation must not set a password on it).
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, id), isNull(oneTimeTokens.usedAt)));
}

/**
 * Makes the pending address the user's address, proven by its link. Answers the row, or
 * undefined when there was nothing pending. A unique violation means another account took the
 * address meanwhile.
 */
export async function applyPendingEmail(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      email: sql`${users.pendingEmail}`,
      pendingEmail: null,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt), isNotNull(users.pendingEmail)))
    .returning();
  return row;
}

/** The id of the account whose username this is (any case), if any. */
export async function findUsernameHolder(tx: Tx, username: string): Promise<string | undefined> {
  await lookUpAccount(tx, username);
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row?.id;
}

async function updateReturning(
  tx: Tx,
  id: string,
  changes: Partial<Record<keyof typeof users.$inferInsert, unknown>>,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...(changes as Partial<typeof users.$inferInsert>), updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished under its lock`);
  return row;
}
