import type { TProduct } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { isForeignKeyViolation } from '../../../platform/db/pg-errors.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { hasStockRecords } from '../../inventory/inventory.service.js';
import { requireLocation } from '../locations/locations.service.js';
import type { ProductDeps } from '../product.deps.js';
import { toProduct, toProductAnswer } from './product-mapper.js';
import { randomInternalEan13 } from './product-rules.js';
import { removeBlobs } from './product-writes.service.js';
import {
  deleteProductRow,
  existsBarcodeInBusiness,
  findArticleRows,
  findProductAt,
  findProductById,
  isImageInUse,
  isProductOrdered,
  setBarcodeWhereMissing,
  updateProduct,
} from './products.repository.js';

const NOT_AT_LOCATION = 'The product was not found at this location.';
const BARCODE_ATTEMPTS = 20;

/**
 * Deletes the product at a location. Refused (409 IN_USE) once stock history depends on it:
 * discontinue it then. Its list position becomes a gap the paging steps over; its image is
 * removed after the commit when no other row of the article shows it.
 */
export async function deleteProduct(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  locationId: string,
): Promise<TProduct> {
  const unused: string[] = [];
  const answer = await inTenant(deps.db, principal, async (scope) => {
    // Locked: an inventory item created meanwhile waits for this row and then fails its key.
    const row = await findProductAt(scope, id, locationId, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', NOT_AT_LOCATION);
    if (await hasStockRecords(scope, row.id)) {
      throw new AppError(
        'IN_USE',
        `${row.name} has stock records at this location, so it cannot be deleted. Discontinue it instead.`,
      );
    }
    // Purchase order lines keep the product they ordered (purchase_order_lines_product_fk).
    if (await isProductOrdered(scope, row.id)) {
      throw new AppError(
        'IN_USE',
        `${row.name} is on purchase orders, so it cannot be deleted. Discontinue it instead.`,
      );
    }
    const location = await requireLocation(scope, locationId);
    try {
      await deleteProductRow(scope, row);
    } catch (error) {
      // Stock movements keep the product they moved (stock_movements_product_fk): history.
      if (!isForeignKeyViolation(error)) throw error;
      throw new AppError(
        'IN_USE',
        `${row.name} is part of stock movements, so it cannot be deleted. Discontinue it instead.`,
      );
    }
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'PRODUCT_DELETION',
      description: `Product ${row.name} (SKU ${row.sku}) deleted at ${location.name}.`,
    });
    if (row.imageUrl && !(await isImageInUse(scope, row.imageUrl))) unused.push(row.imageUrl);
    return toProduct(row, 0, deps.clock.now());
  });
  await removeBlobs(deps, unused);
  return answer;
}

/** Reactivate (true) or discontinue (false) the product at a location; answers the product. */
export async function setProductActive(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  locationId: string,
  isActive: boolean,
): Promise<TProduct> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findProductAt(scope, id, locationId, { lock: true });
    if (!row) throw new AppError('NOT_FOUND', NOT_AT_LOCATION);
    const changed = row.active === isActive ? row : await updateProduct(scope, row.id, { active: isActive });
    if (!changed) throw new Error('a locked product row vanished while updating it');
    return toProductAnswer(scope, changed, deps.clock.now());
  });
}

/**
 * Gives the product an EAN-13 of the in-store range (20-29), unique in the business, and sets the
 * same code on every row of its article that has none. The article's rows are locked first, so
 * two clicks give one code.
 */
export async function generateBarcode(
  deps: ProductDeps,
  principal: Principal,
  id: string,
): Promise<TProduct> {
  return inTenant(deps.db, principal, async (scope) => {
    const found = await findProductById(scope, id);
    if (!found) throw new AppError('NOT_FOUND', 'The product was not found.');
    const rows = await findArticleRows(scope, found.sku, { lock: true });
    const row = rows.find((candidate) => candidate.id === id) ?? found;
    if (row.barcode) {
      throw new AppError('CONFLICT', `${row.name} already has the barcode ${row.barcode}.`, {
        field: 'barcode',
      });
    }
    const code = await freeBarcode(
      () => randomInternalEan13(),
      (candidate) => existsBarcodeInBusiness(scope, candidate),
    );
    const changed = await setBarcodeWhereMissing(scope, row.sku, code);
    const updated = changed.find((candidate) => candidate.id === id);
    if (!updated) throw new Error('the product had no barcode under lock, so it was updated');
    return toProductAnswer(scope, updated, deps.clock.now());
  });
}

/**
 * A code nobody in the business uses yet. Collisions are rare (10^11 codes), so a few tries
 * suffice; running out means something is badly wrong and is a 500.
 */
async function freeBarcode(next: () => string, isTaken: (code: string) => Promise<boolean>): Promise<string> {
  for (let attempt = 0; attempt < BARCODE_ATTEMPTS; attempt++) {
    const code = next();
    if (!(await isTaken(code))) return code;
  }
  throw new Error(`no free barcode after ${BARCODE_ATTEMPTS} attempts`);
}
