import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZActiveFilter } from '../paging.js';
import { ZLocation } from './locations.js';
import { ZTimestamps, optionalText, requiredText, wholeNumber } from './fields.js';

export const ZWarehouseRequest = z.object({
  name: requiredText(120, 'A warehouse name', 'Enter the warehouse name.'),
  locationId: ZUuid.describe('The location the warehouse is at; it serves no other store or warehouse'),
  capacity: wholeNumber('The capacity')
    .nullish()
    .transform((v) => v ?? null)
    .describe('Storage capacity in units'),
  managerName: optionalText(120, "The manager's name"),
});
export type TWarehouseRequest = z.input<typeof ZWarehouseRequest>;

export const ZWarehouse = z.object({
  id: z.uuid(),
  warehouseId: z.uuid().describe('Same as id'),
  name: z.string(),
  locationId: z.uuid(),
  location: ZLocation,
  capacity: z.number().int().nullable(),
  managerName: z.string().nullable(),
  active: z.boolean(),
  ...ZTimestamps,
});
export type TWarehouse = z.infer<typeof ZWarehouse>;
export const ZWarehouseList = z.array(ZWarehouse);

/** `GET /api/warehouses`: active warehouses by default, `?active=all` with the discontinued ones. */
export const ZWarehouseListQuery = z.object({ active: ZActiveFilter });
