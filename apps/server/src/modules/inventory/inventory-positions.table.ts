import { bigint, foreignKey, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { locations } from '../product/locations/locations.table.js';

/**
 * The bookkeeping of the stock table's positions (see inventory-items.table.ts): the last
 * position handed out at each location, and the positions of deleted items. Together they place
 * any page without walking the rows before it: a location's items hold exactly the positions
 * 1..last_position less its gaps.
 *
 * Both go with their location (ON DELETE CASCADE): a location can be deleted once its items are
 * gone, and these rows alone must not keep it.
 */

/** The last position handed out at a location. Its row lock also serialises item creations there. */
export const inventoryPositions = pgTable(
  'inventory_positions',
  {
    businessId: uuid('business_id').notNull(),
    locationId: uuid('location_id').notNull(),
    lastPosition: bigint('last_position', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.locationId] }),
    foreignKey({
      name: 'inventory_positions_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }).onDelete('cascade'),
  ],
);

/** Positions no item holds: deleted items, and a creation that lost a race for its product. */
export const inventoryPositionGaps = pgTable(
  'inventory_position_gaps',
  {
    businessId: uuid('business_id').notNull(),
    locationId: uuid('location_id').notNull(),
    listPosition: bigint('list_position', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.locationId, t.listPosition] }),
    foreignKey({
      name: 'inventory_position_gaps_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }).onDelete('cascade'),
  ],
);
