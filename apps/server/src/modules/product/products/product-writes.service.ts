import { randomUUID } from 'node:crypto';
import type { TProduct, ZProductRequest } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { IMAGE_CONTAINER } from '../../../platform/blobs/blob-storage.js';
import { prepareImage, storeImage, type PreparedImage } from '../../../platform/blobs/uploaded-image.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { constraintOf, isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { AppError, fieldError } from '../../../platform/http/app-error.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { planOfBusiness } from '../../access/businesses.service.js';
import { assertWithinLimit, type Plan } from '../../plans/plans.service.js';
import { findCategoryNamedAt, findCategoryOfBusiness } from '../categories/categories.service.js';
import { requireLocation, type LocationRow } from '../locations/locations.service.js';
import type { ProductDeps } from '../product.deps.js';
import { vanishedParent } from '../vanished-parent.js';
import { findSupplierOfBusiness } from '../suppliers/suppliers.service.js';
import { toProductAnswer } from './product-mapper.js';
import {
  countDistinctSkus,
  existsSku,
  existsSkuOutside,
  findProductByCodeAt,
  findProductById,
  insertProduct,
  isImageInUse,
  takeListPosition,
  updateProduct as updateProductRow,
  type ProductChanges,
  type ProductRow,
} from './products.repository.js';

export type ProductInput = z.output<typeof ZProductRequest>;

/**
 * Creates the article at its location and at each of `locationIds`, in one transaction: all
 * rows or none. The image is decoded before the transaction and stored once; every row shares
 * its blob name, and a failed transaction removes it again.
 *
 * Locks, always in this order: the business row (the plan counts distinct SKUs: see
 * lockArticles), then each location's row as its position is taken, in id order.
 */
export async function createProduct(
  deps: ProductDeps,
  principal: Principal,
  input: ProductInput,
  image: Buffer | null,
): Promise<TProduct> {
  const prepared = image ? await prepareImage(image, 'The product image') : null;
  const stored: string[] = [];
  try {
    return await inTenant(deps.db, principal, async (scope) => {
      const plan = await lockArticles(scope);
      if (!(await existsSku(scope, input.sku))) await assertRoomForArticle(scope, plan);
      const main = await requireLocation(scope, input.locationId, { isActiveRequired: true });
      const category = await requireCategoryAt(scope, input.categoryId, main);
      await requireSupplier(scope, input.supplierId);
      const further = await requireLocations(scope, furtherLocationIds(input.locationIds, main.id));
      const imageUrl = await storeOnce(deps, scope, prepared, stored);
      const fields = { ...productFields(input), imageUrl };
      let answer: ProductRow | undefined;
      for (const location of byId([main, ...further])) {
        const categoryId =
          location.id === main.id ? (category?.id ?? null) : await sameCategoryAt(scope, category, location);
        const row = await placeProduct(scope, principal, location, { ...fields, categoryId });
        if (location.id === main.id) answer = row;
      }
      if (!answer) throw new Error('the main location is always among the placed ones');
      return toProductAnswer(scope, answer, deps.clock.now());
    });
  } catch (error) {
    await removeBlobs(deps, stored);
    throw error;
  }
}

/**
 * Updates the product and, at each of `locationIds`, the same article (its SKU before the
 * change), creating it where it is missing; one transaction. A new image replaces the old one on
 * every row written; an old image no row uses any more is removed after the commit.
 */
export async function updateProduct(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  input: ProductInput,
  image: Buffer | null,
): Promise<TProduct> {
  const prepared = image ? await prepareImage(image, 'The product image') : null;
  const stored: string[] = [];
  const unused: string[] = [];
  let answer: TProduct;
  try {
    answer = await inTenant(deps.db, principal, async (scope) => {
      const plan = await lockArticles(scope);
      const current = await findProductById(scope, id);
      if (!current) throw new AppError('NOT_FOUND', 'The product was not found.');
      if (input.locationId !== current.locationId) {
        throw fieldError(
          'locationId',
          'A product stays at its location. Name further locations in locationIds to place it there too.',
        );
      }
      const furtherIds = furtherLocationIds(input.locationIds, current.locationId);
      // A rename to a SKU new to the business adds an article when the old SKU stays elsewhere.
      if (
        input.sku !== current.sku &&
        !(await existsSku(scope, input.sku)) &&
        (await existsSkuOutside(scope, current.sku, [current.locationId, ...furtherIds]))
      ) {
        await assertRoomForArticle(scope, plan);
      }
      const main = await requireLocation(scope, current.locationId);
      const category = await requireCategoryAt(scope, input.categoryId, main);
      await requireSupplier(scope, input.supplierId);
      const further = await requireLocations(scope, furtherIds, { isActiveRequired: false });
      const imageUrl = await storeOnce(deps, scope, prepared, stored);
      const fields: ProductChanges = { ...productFields(input), ...(imageUrl ? { imageUrl } : {}) };
      const replaced = new Set<string>();
      let mainRow: ProductRow | undefined;
      for (const location of byId([main, ...further])) {
        const categoryId =
          location.id === main.id ? (category?.id ?? null) : await sameCategoryAt(scope, category, location);
        const existing =
          location.id === main.id
            ? current
            : await findProductByCodeAt(scope, { sku: current.sku }, location.id);
        if (existing) {
          if (imageUrl && existing.imageUrl) replaced.add(existing.imageUrl);
          const row = await writeOrConflict(location, input, async () => {
            const updated = await updateProductRow(scope, existing.id, { ...fields, categoryId });
            // Deleted by another request since it was read: as if this update came a moment later.
            if (!updated) throw new AppError('NOT_FOUND', 'The product was not found.');
            return updated;
          });
          if (location.id === main.id) mainRow = row;
        } else {
          if (!location.active) {
            throw new AppError(
              'CONFLICT',
              `The location ${location.name} is discontinued. Reactivate it first.`,
              {
                field: 'locationIds',
              },
            );
          }
          await placeProduct(scope, principal, location, {
            ...productFields(input),
            imageUrl: imageUrl ?? current.imageUrl,
            categoryId,
          });
        }
      }
      for (const name of replaced) if (!(await isImageInUse(scope, name))) unused.push(name);
      if (!mainRow) throw new Error('the product itself is always among the written rows');
      return toProductAnswer(scope, mainRow, deps.clock.now());
    });
  } catch (error) {
    await removeBlobs(deps, stored);
    throw error;
  }
  await removeBlobs(deps, unused);
  return answer;
}

/**
 * For stock movements (DESIGN 12): the article of `sourceProductId` placed at `locationId` with
 * the source row's data, as a further location of createProduct gets it (the category of the
 * same name there, else none; no discount). The SKU exists already, so the article count does
 * not grow; the business row is locked all the same, as every product write does. Answers the id
 * of the row at the location, the existing one if the SKU is there already.
 */
export async function copyProductTo(
  scope: TenantScope,
  actor: { userId: string },
  sourceProductId: string,
  locationId: string,
): Promise<string> {
  const plan = await lockArticles(scope);
  const source = await findProductById(scope, sourceProductId);
  if (!source) throw new AppError('NOT_FOUND', 'The product was not found.');
  if (!(await existsSku(scope, source.sku))) await assertRoomForArticle(scope, plan);
  const location = await requireLocation(scope, locationId, { isActiveRequired: true });
  const existing = await findProductByCodeAt(scope, { sku: source.sku }, location.id);
  if (existing) return existing.id;
  const category = source.categoryId ? await findCategoryOfBusiness(scope, source.categoryId) : undefined;
  const row = await placeProduct(scope, actor, location, {
    sku: source.sku,
    barcode: source.barcode,
    name: source.name,
    description: source.description,
    price: source.price,
    costPrice: source.costPrice,
    supplierId: source.supplierId,
    unit: source.unit,
    reorderPoint: source.reorderPoint,
    imageUrl: source.imageUrl,
    categoryId: await sameCategoryAt(scope, category ?? null, location),
  });
  return row.id;
}

/** The fields of the form every row of the article gets. */
function productFields(input: ProductInput) {
  return {
    sku: input.sku,
    barcode: input.barcode,
    name: input.name,
    description: input.description ?? null,
    price: input.price,
    costPrice: input.costPrice,
    supplierId: input.supplierId,
    unit: input.unit ?? 'pcs',
    reorderPoint: input.reorderPoint,
  };
}

function furtherLocationIds(locationIds: readonly string[], mainId: string): string[] {
  return [...new Set(locationIds)].filter((id) => id !== mainId);
}

/** Locations in id order: concurrent writes to the same locations lock them in the same order. */
function byId(rows: LocationRow[]): LocationRow[] {
  return [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

async function requireLocations(
  scope: TenantScope,
  ids: readonly string[],
  options: { isActiveRequired: boolean } = { isActiveRequired: true },
): Promise<LocationRow[]> {
  const rows: LocationRow[] = [];
  for (const id of ids) rows.push(await requireLocation(scope, id, options));
  return rows;
}

/**
 * Locks the business row for a write that may add a row or change a SKU, before it looks at which
 * SKUs exist. Security review: the lock was taken only for a SKU new to the business, and the
 * checks that decide whether a write adds an article ran before any lock. So a creation of SKU A
 * (which exists: no gate) and a rename of A's only row (A disappears: no gate) passed together,
 * and the business had one article more than its plan allows, as often as it repeated the pair.
 * Holding the lock across check and write, every such write sees the ones before it committed.
 */
async function lockArticles(scope: TenantScope): Promise<Plan> {
  return planOfBusiness(scope, { lock: true });
}

/** The plan gate for one more article (distinct SKU); call it under lockArticles. */
async function assertRoomForArticle(scope: TenantScope, plan: Plan): Promise<void> {
  assertWithinLimit(plan, 'products', await countDistinctSkus(scope), 'products');
}

/** The category of the main location: unknown is 404, one of another location a 400. */
async function requireCategoryAt(scope: TenantScope, categoryId: string | null, location: LocationRow) {
  if (!categoryId) return null;
  const category = await findCategoryOfBusiness(scope, categoryId);
  if (!category) throw new AppError('NOT_FOUND', 'The category was not found.');
  if (category.locationId !== location.id) {
    throw fieldError(
      'categoryId',
      `The category ${category.name} belongs to another location than ${location.name}.`,
    );
  }
  return category;
}

/** At a further location: the category of the same name there, else none. */
async function sameCategoryAt(
  scope: TenantScope,
  category: { name: string } | null,
  location: LocationRow,
): Promise<string | null> {
  if (!category) return null;
  return (await findCategoryNamedAt(scope, location.id, category.name))?.id ?? null;
}

async function requireSupplier(scope: TenantScope, supplierId: string | null): Promise<void> {
  if (supplierId && !(await findSupplierOfBusiness(scope, supplierId))) {
    throw new AppError('NOT_FOUND', 'The supplier was not found.');
  }
}

/** A new row at a location: its list position (locking the location), the row, the audit entry. */
async function placeProduct(
  scope: TenantScope,
  actor: { userId: string },
  location: LocationRow,
  fields: ReturnType<typeof productFields> & { imageUrl: string | null; categoryId: string | null },
): Promise<ProductRow> {
  const listPosition = await takeListPosition(scope, location.id);
  // Deleted by another request since it was read (its lock is released with the row gone).
  if (listPosition === undefined) throw new AppError('NOT_FOUND', 'The location was not found.');
  const row = await writeOrConflict(location, fields, () =>
    insertProduct(scope, { ...fields, id: randomUUID(), locationId: location.id, listPosition }),
  );
  await recordAuditEvent(scope, {
    userId: actor.userId,
    eventType: 'PRODUCT_CREATION',
    description: `Product ${row.name} (SKU ${row.sku}) created at ${location.name}.`,
  });
  return row;
}

/**
 * Runs a write and turns a unique violation into the 409 of the field it concerns. The indexes
 * decide, not a look-up before the write, so two requests at once cannot both pass. A category or
 * supplier deleted meanwhile is its 404 (vanished-parent.ts).
 */
async function writeOrConflict(
  location: LocationRow,
  fields: { sku: string; barcode: string | null },
  write: () => Promise<ProductRow>,
): Promise<ProductRow> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw vanishedParent(error) ?? error;
    if (constraintOf(error) === 'products_barcode_key') {
      throw new AppError(
        'CONFLICT',
        `The barcode ${fields.barcode ?? ''} is already used at ${location.name}.`,
        {
          field: 'barcode',
        },
      );
    }
    throw new AppError('CONFLICT', `The SKU ${fields.sku} is already used at ${location.name}.`, {
      field: 'sku',
    });
  }
}

async function storeOnce(
  deps: ProductDeps,
  scope: TenantScope,
  image: PreparedImage | null,
  stored: string[],
): Promise<string | null> {
  if (!image) return null;
  const name = await storeImage(deps.blobs, scope.businessId, 'products', image);
  stored.push(name);
  return name;
}

/** Best effort: a blob left behind costs storage, never correctness. */
export async function removeBlobs(deps: ProductDeps, names: readonly string[]): Promise<void> {
  for (const name of names) {
    await deps.blobs.remove(IMAGE_CONTAINER, name).catch((error: unknown) => {
      deps.log.warn({ err: error, blob: name }, 'could not remove a product image');
    });
  }
}
