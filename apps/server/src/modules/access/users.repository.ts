import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedQuery } from '../../platform/db/prepared.js';
import { lookUpAccount, type Tx } from '../../platform/db/tenancy.js';
import { users } from './users.table.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const selectUserById = preparedQuery('users_find_by_id', (tx) =>
  tx
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt))),
);

/** Users are a global table: callers pass a transaction from inGlobal or inTenant. */
export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await selectUserById(tx, { id });
  return row;
}

const selectUserByLogin = preparedQuery('users_find_by_login', (tx) =>
  tx
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`(lower(${users.email}) = lower(${sql.placeholder('login')}) or lower(${users.username}) = lower(${sql.placeholder('login')}))`,
      ),
    )
    .limit(1),
);

/**
 * By e-mail (without regard to case) or by username. The transaction declares the login it asks
 * about first: the users policy shows a request no other account (migration 0004).
 */
export async function findUserByLogin(tx: Tx, login: string): Promise<UserRow | undefined> {
  await lookUpAccount(tx, login);
  const [row] = await selectUserByLogin(tx, { login });
  return row;
}

/** Whether any account, of any business, has this address (checked before creating one). */
export async function existsUserWithEmail(tx: Tx, email: string): Promise<boolean> {
  await lookUpAccount(tx, email);
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return rows.length > 0;
}

/** The account that holds an address, deleted ones included (they keep it: unique index). */
export async function findAccountByEmail(
  tx: Tx,
  email: string,
): Promise<
  Pick<UserRow, 'id' | 'email' | 'fullName' | 'businessId' | 'deletedAt' | 'emailVerifiedAt'> | undefined
> {
  await lookUpAccount(tx, email);
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      businessId: users.businessId,
      deletedAt: users.deletedAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function existsUserWithUsername(tx: Tx, username: string): Promise<boolean> {
  await lookUpAccount(tx, username);
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return rows.length > 0;
}

export async function insertUser(tx: Tx, row: NewUserRow): Promise<UserRow> {
  // RETURNING reads the new row: a self-registered owner belongs to no business yet.
  await lookUpAccount(tx, row.email);
  const [created] = await tx.insert(users).values(row).returning();
  if (!created) throw new Error('insert into users returned no row');
  return created;
}

export async function updateUser(tx: Tx, id: string, changes: Partial<NewUserRow>): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Sets a new password and ends every session issued before it. */
export async function setPassword(tx: Tx, id: string, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Staff of a business: everyone who belongs to it except its owner. */
export async function countStaff(tx: Tx, businessId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.businessId, businessId),
        isNull(users.deletedAt),
        sql`not ('ROLE_BUSINESS_OWNER' = any(${users.roles}))`,
      ),
    );
  return row?.count ?? 0;
}

/** Keeps the first verification time when the address is proven again (reset, invitation). */
export async function markEmailVerified(tx: Tx, id: string): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Locks the user's row for the rest of the transaction (one business setup at a time). */
export async function lockUser(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  return row;
}
