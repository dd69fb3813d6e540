import type { TestApp } from '../build-app.js';
import { bearer } from './accounts.js';
import { multipart, type FormPart } from './multipart.js';

/** PUT /api/businesses/{id}: `changes` as the `business` part, and any other parts (a logo). */
export function putBusiness(t: TestApp, token: string, id: string, changes: unknown, parts: FormPart[] = []) {
  const form = multipart([{ name: 'business', value: JSON.stringify(changes) }, ...parts]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/businesses/${id}`,
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
}

/**
 * Rows of the business in every table of the schema that has a business_id column (found in the
 * catalogue, as the deletion finds them, so a table added later is counted too), plus its own row
 * in `businesses`. Read as the owner of the database, past the policies.
 */
export async function rowsOfBusiness(t: TestApp, businessId: string): Promise<Record<string, number>> {
  const { rows: tables } = await t.sql(
    `select c.relname as name from pg_class c join pg_attribute a on a.attrelid = c.oid
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
       and a.attname = 'business_id' and not a.attisdropped
     order by c.relname`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables as Array<{ name: string }>) {
    const { rows } = await t.sql(`select count(*)::int as n from "${name}" where business_id = $1`, [
      businessId,
    ]);
    counts[name] = (rows[0] as { n: number }).n;
  }
  const { rows } = await t.sql('select count(*)::int as n from businesses where id = $1', [businessId]);
  counts.businesses = (rows[0] as { n: number }).n;
  return counts;
}
