import pg from 'pg';
import { APP_ROLE } from '../db/roles.js';

/**
 * Roles are the cluster's, not the database's: a pg_dump archive names the source's own roles in
 * its policies and grants (migrations 0014 and 0026 give the tables' owner, `current_user` when
 * they ran, read-only policies for the functions that read across businesses). Restored into
 * another cluster those names do not exist, and restored under another owner they would name the
 * wrong role. So the backup records them, and the restore creates the missing ones for the while,
 * lets pg_restore run, then points every policy that names one at the restoring owner (who owns
 * everything after --no-owner) and drops the roles it created.
 */

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * The roles, other than app_tenant and PUBLIC, that the app's policies and its tables', sequences',
 * functions' and schemas' grants name in the source database (read inside the backup's snapshot).
 */
export async function sourceRoleNames(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `with named as (
       select unnest(p.polroles) as role from pg_policy p
       union select (aclexplode(c.relacl)).grantee from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'drizzle', 'pgboss') and c.relacl is not null
       union select (aclexplode(f.proacl)).grantee from pg_proc f
         join pg_namespace n on n.oid = f.pronamespace
         where n.nspname = 'public' and f.proacl is not null
       union select (aclexplode(n.nspacl)).grantee from pg_namespace n
         where n.nspname in ('public', 'drizzle', 'pgboss') and n.nspacl is not null
     )
     select distinct r.rolname as name from named join pg_roles r on r.oid = named.role
     where r.rolname <> $1 and r.rolname not like 'pg\\_%'
     order by 1`,
    [APP_ROLE],
  );
  return rows.map((row) => row.name);
}

/** Creates, as NOLOGIN roles, those of `names` the target cluster lacks; answers which it created. */
export async function createMissingRoles(url: string, names: readonly string[]): Promise<string[]> {
  return withClient(url, async (client) => {
    const created: string[] = [];
    for (const name of names) {
      const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [name]);
      if (rowCount) continue;
      await client.query(`CREATE ROLE ${client.escapeIdentifier(name)} NOLOGIN`);
      created.push(name);
    }
    return created;
  });
}

/**
 * Every policy that names one of the source's roles names the restoring owner instead (the others
 * it names, app_tenant and PUBLIC, stay); then the roles made for the restore are dropped with the
 * grants pg_restore gave them.
 */
export async function handRolesToRestorer(
  url: string,
  sourceRoles: readonly string[],
  created: readonly string[],
): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ policy: string; schema: string; table: string; roles: string[] }>(
      `select p.polname as policy, n.nspname as schema, c.relname as table,
              array(select case when rid = 0 then 'public' else pg_get_userbyid(rid) end
                    from unnest(p.polroles) as rid)::text[] as roles
       from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace`,
    );
    const { rows: me } = await client.query<{ name: string }>('select current_user as name');
    const restorer = me[0]?.name ?? '';
    const isSource = new Set(sourceRoles);
    for (const row of rows) {
      if (!row.roles.some((role) => isSource.has(role))) continue;
      const roles = [...new Set(row.roles.map((role) => (isSource.has(role) ? restorer : role)))];
      const list = roles.map((role) => (role === 'public' ? 'PUBLIC' : client.escapeIdentifier(role)));
      await client.query(
        `ALTER POLICY ${client.escapeIdentifier(row.policy)} ON ${client.escapeIdentifier(row.schema)}.${client.escapeIdentifier(row.table)} TO ${list.join(', ')}`,
      );
    }
    for (const name of created) {
      await client.query(`DROP OWNED BY ${client.escapeIdentifier(name)}`);
      await client.query(`DROP ROLE ${client.escapeIdentifier(name)}`);
    }
  });
}

/** Drops the roles made for a restore that failed (they own nothing: --no-owner). */
export async function dropRoles(url: string, names: readonly string[]): Promise<void> {
  await withClient(url, async (client) => {
    for (const name of names) {
      await client.query(`DROP OWNED BY ${client.escapeIdentifier(name)}`).catch(() => undefined);
      await client.query(`DROP ROLE IF EXISTS ${client.escapeIdentifier(name)}`);
    }
  });
}
