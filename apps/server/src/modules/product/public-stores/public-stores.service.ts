import { API, type TPublicStore } from '@app/contracts';
import { IMAGE_CONTAINER } from '../../../platform/blobs/blob-storage.js';
import { inGlobal } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ProductDeps } from '../product.deps.js';
import { findPublicStore, type PublicStoreRow } from './public-stores.repository.js';

/*
 * The public face of a store behind its QR code (/scan-pay-go, issue 15). The visitor has no
 * business and no token (one sent changes nothing): the lookup runs with no tenant set and sees
 * one store only through app_public_store. An unknown code, a discontinued or deleted store and
 * a closed or deleted business all answer the same 404, so the answer tells nothing about which.
 */

export async function getPublicStore(deps: ProductDeps, code: string): Promise<TPublicStore> {
  const store = await requirePublicStore(deps, code);
  return {
    name: store.name,
    openingHours: store.openingHours,
    // The blob name carries the business id: the shopper gets this store's own image path instead.
    imageUrl: store.imageKey ? API.publicStores.image.replace(':code', code) : null,
  };
}

/** The store's image as stored (bytes and content type), or 404 when it has none. */
export async function getPublicStoreImage(
  deps: ProductDeps,
  code: string,
): Promise<{ data: Buffer; contentType: string }> {
  const { imageKey } = await requirePublicStore(deps, code);
  // Read after the transaction ended: no connection waits on the blob storage.
  const image = imageKey ? await deps.blobs.get(IMAGE_CONTAINER, imageKey) : null;
  if (!image) throw new AppError('NOT_FOUND', 'This store has no image.');
  return image;
}

async function requirePublicStore(deps: ProductDeps, code: string): Promise<PublicStoreRow> {
  const store = await inGlobal(deps.db, (tx) => findPublicStore(tx, code));
  if (!store) throw new AppError('NOT_FOUND', 'No store has this code.');
  return store;
}
