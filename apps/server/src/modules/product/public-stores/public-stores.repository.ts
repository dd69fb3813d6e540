import type { Tx } from '../../../platform/db/tenancy.js';

/** What the public lookup may know of a store: never an id, its business, address or phone. */
export type PublicStoreRow = { name: string; openingHours: string | null; imageKey: string | null };

/**
 * The active store of a business that is not closed whose QR code is exactly `code`, through
 * app_public_store (migration 0026): a SECURITY DEFINER function, since the caller has no
 * business and the tenant policies show it no store. Prepared once per pooled connection.
 */
export async function findPublicStore(tx: Tx, code: string): Promise<PublicStoreRow | undefined> {
  const { rows } = await tx.$client.query<{
    name: string;
    opening_hours: string | null;
    image_key: string | null;
  }>({
    name: 'app_public_store',
    text: 'select name, opening_hours, image_key from app_public_store($1)',
    values: [code],
  });
  const row = rows[0];
  return row && { name: row.name, openingHours: row.opening_hours, imageKey: row.image_key };
}
