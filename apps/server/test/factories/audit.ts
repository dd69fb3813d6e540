import type { AuditEventType } from '@app/contracts';
import type { TestApp } from '../build-app.js';

/**
 * Writes `count` audit entries as the database owner in one statement: the newest at `newest`,
 * each next one `stepMinutes` older (0: all at one instant, as one transaction's entries are).
 * Descriptions are "<eventType> n".
 */
export async function insertAuditEntries(
  t: TestApp,
  businessId: string,
  userId: string | null,
  eventType: AuditEventType,
  count: number,
  newest: Date | string,
  stepMinutes = 1,
): Promise<void> {
  await t.sql(
    `insert into audit_logs (business_id, id, user_id, event_type, description, created_at)
     select $1, gen_random_uuid(), $2, $3, $3 || ' ' || n, $4::timestamptz - (n - 1) * $6::float8 * interval '1 minute'
     from generate_series(1, $5::int) n`,
    [businessId, userId, eventType, new Date(newest), count, stepMinutes],
  );
}
