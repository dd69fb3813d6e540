/**
 * Generates the audit log of the benchmark straight into the database, as the owner, in
 * set-based statements: `entries` entries in the benchmark's business, spread over its owner and
 * `staff` staff users and every event type, and `otherEntries` in another business, so every
 * query has another tenant's rows beside its own in each index.
 *
 * Entries come in groups of four sharing one instant (as the entries of one transaction do), one
 * group every 50 seconds back from now, so the id tie-break of the order is exercised too.
 */
import { randomUUID } from 'node:crypto';
import { AUDIT_EVENT_TYPES } from '@app/contracts';
import pg from 'pg';

export type AuditShape = { entries: number; otherEntries: number; staff: number };

export type GeneratedAudit = {
  entries: number;
  /** A staff user with about entries / (staff + 1) entries. */
  busyUserId: string;
  /** An event type with about entries / 24 entries. */
  eventType: string;
  seconds: number;
};

const EVENT_TYPES = `array[${AUDIT_EVENT_TYPES.map((type) => `'${type}'`).join(',')}]`;

async function insertEntries(
  client: pg.PoolClient,
  businessId: string,
  userIds: readonly string[],
  count: number,
): Promise<void> {
  await client.query(
    `insert into audit_logs (business_id, id, user_id, event_type, description, created_at)
     select $1::uuid, gen_random_uuid(), ($2::uuid[])[1 + g % cardinality($2::uuid[])],
            (${EVENT_TYPES})[1 + (g * 13) % ${AUDIT_EVENT_TYPES.length}],
            'Changed item ' || upper(substr(md5(g::text), 1, 3)) || '-' || lpad(g::text, 6, '0') || ' at Main Store',
            now() - (g / 4) * interval '50 seconds'
     from generate_series(1, $3::int) g`,
    [businessId, userIds, count],
  );
}

export async function generateAudit(
  ownerUrl: string,
  owner: { userId: string; businessId: string },
  shape: AuditShape,
  log: (line: string) => void,
): Promise<GeneratedAudit> {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  const started = performance.now();
  const client = await pool.connect();
  try {
    // The audit log is a feature of the paid plans.
    await client.query(`update businesses set plan_id = 'BASIC' where id = $1`, [owner.businessId]);
    const { rows: staff } = await client.query<{ id: string }>(
      `insert into users (id, email, full_name, roles, business_id, email_verified_at)
       select gen_random_uuid(), 'audit-bench-staff-' || g || '-' || $2 || '@example.com', 'Staff ' || g,
              array['ROLE_INVENTORY_ADMIN'], $1, now()
       from generate_series(1, $3::int) g
       returning id`,
      [owner.businessId, Date.now(), shape.staff],
    );
    const userIds = [owner.userId, ...staff.map((row) => row.id)];
    await insertEntries(client, owner.businessId, userIds, shape.entries);
    log(`  ${shape.entries} entries in the benchmark's business`);
    const otherId = randomUUID();
    await client.query(
      `insert into businesses (id, owner_user_id, business_name, plan_id) values ($1, $2, 'Other business', 'BASIC')`,
      [otherId, randomUUID()],
    );
    await insertEntries(client, otherId, [randomUUID(), randomUUID(), randomUUID()], shape.otherEntries);
    log(`  ${shape.otherEntries} entries in another business`);
    // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans read.
    await client.query('vacuum analyze audit_logs');
    await client.query('analyze users');
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from audit_logs where business_id = $1',
      [owner.businessId],
    );
    return {
      entries: rows[0]?.count ?? 0,
      busyUserId: userIds[1] ?? owner.userId,
      eventType: 'INVENTORY_ADJUSTMENT',
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    client.release();
    await pool.end();
  }
}
