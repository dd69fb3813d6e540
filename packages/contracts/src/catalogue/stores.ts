import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZActiveFilter } from '../paging.js';
import { ZInventoryItem } from './inventory-items.js';
import { ZLocation } from './locations.js';
import {
  ZLatitude,
  ZLongitude,
  ZOptionalEmail,
  ZPhone,
  ZTimestamps,
  optionalText,
  requiredText,
} from './fields.js';
import { ZPosReader } from './locations.js';

export const STORE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The JSON part `store` of the multipart create and update calls (update also takes plain JSON). */
export const ZStoreRequest = z.object({
  name: requiredText(120, 'A store name', 'Enter the store name.'),
  locationId: ZUuid.describe('The location the store is at; it serves no other store or warehouse'),
  phone: ZPhone,
  email: ZOptionalEmail,
  openingHours: optionalText(500, 'The opening hours').describe('Free text, e.g. "Mon-Sat 9:00-18:00"'),
  active: z
    .boolean({ message: 'active is true or false.' })
    .optional()
    .describe(
      "false discontinues the store, true reactivates it (within the plan's store limit); absent keeps " +
        'it as it is (a new store is active)',
    ),
});
export type TStoreRequest = z.input<typeof ZStoreRequest>;

export const ZStore = z.object({
  id: z.uuid(),
  storeId: z.uuid().describe('Same as id'),
  name: z.string(),
  locationId: z.uuid(),
  location: ZLocation,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  openingHours: z.string().nullable(),
  imageUrl: z.string().nullable().describe('Blob name of the image, for GET /api/azure-blob/download-image'),
  qrCode: z.string().describe('Unique code of the store; GET /api/stores/qr/{code} finds it'),
  basketWeightEnabled: z.boolean(),
  active: z.boolean(),
  ...ZTimestamps,
});
export type TStore = z.infer<typeof ZStore>;

export const ZStoreList = z.array(ZStore);

/** `GET /api/stores`: active stores by default, `?active=all` with the discontinued ones. */
export const ZStoreListQuery = z.object({ active: ZActiveFilter });

/** `GET /api/stores/{id}/inventory`: the active stock items at the store's location. */
export const ZStoreInventory = z.array(ZInventoryItem);

export const ZNearbyStore = ZStore.extend({ distanceKm: z.number().describe('Distance from the point, km') });
export type TNearbyStore = z.infer<typeof ZNearbyStore>;
export const ZNearbyStoreList = z.array(ZNearbyStore);

export const ZNearbyQuery = z.object({
  latitude: ZLatitude,
  longitude: ZLongitude,
  radiusKm: z.coerce
    .number({ message: 'The radius is a number of kilometres from 0.1 to 20000.' })
    .min(0.1, 'The radius is a number of kilometres from 0.1 to 20000.')
    .max(20000, 'The radius is a number of kilometres from 0.1 to 20000.')
    .default(10),
});

export const ZStoreSearchQuery = z.object({
  locationName: z
    .string({ message: 'Type part of a location name.' })
    .trim()
    .min(1, 'Type part of a location name.')
    .max(100, 'The search has at most 100 characters.'),
});

export const ZQrCodeParams = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'This is not a store code.'),
});

export const ZStoreDetails = z.object({
  store: ZStore,
  location: ZLocation,
  productCount: z.number().int().describe('Active products at the store location'),
  stockUnits: z.number().int().describe('Units in stock at the store location'),
  containerCount: z.number().int().describe('Active carrying containers of the store'),
  readerCount: z.number().int().describe('Card readers registered at the store location'),
  readers: z.array(ZPosReader),
});
export type TStoreDetails = z.infer<typeof ZStoreDetails>;
