import { createHmac } from 'node:crypto';
import pg from 'pg';
import { APP_ROLE, REQUEST_ROLE } from './roles.js';

/**
 * The role request work logs in as. It is not a superuser, owns nothing, has no BYPASSRLS, and
 * is a member of APP_ROLE only, without inheriting it (NOINHERIT): every transaction switches to
 * APP_ROLE (tenancy.ts), and SQL that resets the role gets a session that may read nothing at
 * all, where the owner's connection could have `RESET ROLE` back to a superuser. The table owner
 * (DATABASE_URL, or the embedded cluster's superuser) is kept for migrations and maintenance.
 */
export { REQUEST_ROLE } from './roles.js';

/** The request role's password, derived from the token secret: stable across restarts and processes. */
export function requestRolePassword(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('database request role').digest('base64url');
}

/**
 * Creates or updates the request role as the owner and answers the URL to log in with. Roles are
 * global to a cluster; every statement is idempotent. The owner must be a superuser or have
 * CREATEROLE with the admin option on APP_ROLE; otherwise the error says how to set up the role
 * by hand and name it in DATABASE_APP_URL.
 */
export async function provisionRequestRole(ownerUrl: string, password: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]+$/.test(password)) throw new Error('The request role password must be URL-safe.');
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(`DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${REQUEST_ROLE}') THEN
    CREATE ROLE ${REQUEST_ROLE} LOGIN;
  END IF;
END
$$`);
    // An owner that is no superuser may name only the attributes it has, even to turn them off:
    // SUPERUSER, REPLICATION and BYPASSRLS only a superuser (PostgreSQL 15 and later), CREATEDB
    // and CREATEROLE whoever has them (16 and later). A role such an owner creates has none of
    // them anyway, and assertSafeRequestRole checks the role whoever made it.
    const { rows } = await client.query<{ rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean }>(
      'select rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = current_user',
    );
    const me = rows[0];
    const attributes = [
      ...(me?.rolsuper ? ['NOSUPERUSER', 'NOREPLICATION', 'NOBYPASSRLS'] : []),
      ...(me?.rolsuper || me?.rolcreatedb ? ['NOCREATEDB'] : []),
      ...(me?.rolsuper || me?.rolcreaterole ? ['NOCREATEROLE'] : []),
    ];
    await client.query(
      `ALTER ROLE ${REQUEST_ROLE} WITH LOGIN NOINHERIT ${attributes.join(' ')} PASSWORD '${password}'`,
    );
    await client.query(`GRANT ${APP_ROLE} TO ${REQUEST_ROLE}`);
  } catch (error) {
    throw new Error(
      `Could not set up the database role "${REQUEST_ROLE}" that requests log in as ` +
        `(${error instanceof Error ? error.message : String(error)}). Give the DATABASE_URL user CREATEROLE, ` +
        'or create a login role yourself as the README shows and name it in DATABASE_APP_URL.',
      { cause: error },
    );
  } finally {
    await client.end();
  }
  const url = new URL(ownerUrl);
  url.username = REQUEST_ROLE;
  url.password = password;
  return url.toString();
}

/**
 * Refuses to serve requests through a role that could leave the tenant: a superuser, BYPASSRLS,
 * the owner of a table, or a member of any role but APP_ROLE. Run at start on the request pool.
 */
export async function assertSafeRequestRole(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{
    name: string;
    rolsuper: boolean;
    rolbypassrls: boolean;
    rolcreaterole: boolean;
    owns: number;
    member_of: string[];
    can_become_app: boolean;
  }>(
    `select r.rolname as name, r.rolsuper, r.rolbypassrls, r.rolcreaterole,
            (select count(*)::int from pg_class c where c.relowner = r.oid) as owns,
            coalesce((select array_agg(g.rolname::text) from pg_auth_members m join pg_roles g on g.oid = m.roleid
                      where m.member = r.oid), '{}') as member_of,
            pg_has_role(r.oid, $1, 'MEMBER') as can_become_app
     from pg_roles r where r.rolname = current_user`,
    [APP_ROLE],
  );
  const role = rows[0];
  if (!role) throw new Error('The request role was not found.');
  const problems = [
    role.rolsuper && 'is a superuser',
    role.rolbypassrls && 'has BYPASSRLS',
    role.rolcreaterole && 'has CREATEROLE',
    role.owns > 0 && `owns ${role.owns} relations`,
    role.member_of.some((name) => name !== APP_ROLE) &&
      `is a member of ${role.member_of.filter((name) => name !== APP_ROLE).join(', ')}`,
    !role.can_become_app && `cannot SET ROLE ${APP_ROLE}`,
  ].filter(Boolean);
  if (problems.length) {
    throw new Error(
      `The database role "${role.name}" that requests log in as ${problems.join(', ')}. ` +
        `It must be a plain login role whose only membership is ${APP_ROLE} (see the README).`,
    );
  }
}
