import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { posReaders } from './locations.table.js';

export type PosReaderRow = typeof posReaders.$inferSelect;
export type NewPosReader = Omit<typeof posReaders.$inferInsert, 'businessId'>;

/** Inserts a reader; a label already used at the location (any case) is a unique violation. */
export async function insertPosReader(scope: TenantScope, reader: NewPosReader): Promise<PosReaderRow> {
  const [row] = await scope.tx
    .insert(posReaders)
    .values({ ...reader, businessId: scope.businessId })
    .returning();
  if (!row) throw new Error('insert into pos_readers returned no row');
  return row;
}

export async function existsPosReaderLabel(
  scope: TenantScope,
  locationId: string,
  label: string,
): Promise<boolean> {
  const [row] = await scope.tx
    .select({ id: posReaders.id })
    .from(posReaders)
    .where(
      and(
        eq(posReaders.businessId, scope.businessId),
        eq(posReaders.locationId, locationId),
        sql`lower(${posReaders.label}) = lower(${label})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The readers at a location, by label. */
export async function findPosReadersAt(scope: TenantScope, locationId: string): Promise<PosReaderRow[]> {
  return scope.tx
    .select()
    .from(posReaders)
    .where(and(eq(posReaders.businessId, scope.businessId), eq(posReaders.locationId, locationId)))
    .orderBy(asc(sql`lower(${posReaders.label})`), asc(posReaders.id));
}
