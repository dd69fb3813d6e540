import type { TProduct, ZDiscountQuery } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError, fieldError } from '../../../platform/http/app-error.js';
import { planOfBusiness } from '../../access/businesses.service.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { assertFeature } from '../../plans/plans.service.js';
import { requireLocation } from '../locations/locations.service.js';
import type { ProductDeps } from '../product.deps.js';
import { storedDiscountOf, toProductAnswer } from '../products/product-mapper.js';
import { isBelow } from '../products/product-rules.js';
import { lockProductAt, lockProductBySku, writeDiscount } from './discounts.repository.js';

export type DiscountInput = z.output<typeof ZDiscountQuery>;

/**
 * Sets the discount of the product with the SKU at the location, replacing the one it had: an
 * amount below the price, or a percentage from 0 to 100, valid from one instant to another (the
 * contract checks the shape and the order). A plan feature: the Free plan has none.
 */
export async function createOrUpdateDiscount(
  deps: ProductDeps,
  principal: Principal,
  input: DiscountInput,
): Promise<TProduct> {
  return inTenant(deps.db, principal, async (scope) => {
    assertFeature(await planOfBusiness(scope, { lock: false }), 'DISCOUNTS');
    const location = await requireLocation(scope, input.locationId);
    const row = await lockProductBySku(scope, input.sku, location.id);
    if (!row) {
      throw new AppError('NOT_FOUND', `No product with the SKU ${input.sku} was found at ${location.name}.`);
    }
    const amount = input.discountAmount ?? null;
    if (amount !== null && !isBelow(amount, row.price)) {
      throw fieldError('discountAmount', `The discount amount must be below the price (${row.price}).`);
    }
    const percentage = input.discountPercentage === undefined ? null : input.discountPercentage.toFixed(2);
    const validFrom = new Date(input.discountValidFrom);
    const validTo = new Date(input.discountValidTo);
    const updated = await writeDiscount(scope, row.id, {
      discountAmount: amount,
      discountPercentage: percentage,
      discountValidFrom: validFrom,
      discountValidTo: validTo,
    });
    const off = amount !== null ? amount : `${percentage ?? '0'}%`;
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'CREATE_DISCOUNT',
      description:
        `Discount of ${off} on ${row.name} (SKU ${row.sku}) at ${location.name}, ` +
        `from ${validFrom.toISOString()} to ${validTo.toISOString()}.`,
    });
    return toProductAnswer(scope, updated, deps.clock.now());
  });
}

/** Clears the product's discount at the location; a product without one answers 404. */
export async function removeDiscount(
  deps: ProductDeps,
  principal: Principal,
  productId: string,
  locationId: string,
): Promise<TProduct> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await lockProductAt(scope, productId, locationId);
    if (!row) throw new AppError('NOT_FOUND', 'The product was not found at this location.');
    if (!storedDiscountOf(row)) throw new AppError('NOT_FOUND', `${row.name} has no discount to remove.`);
    const location = await requireLocation(scope, locationId);
    const updated = await writeDiscount(scope, row.id, {
      discountAmount: null,
      discountPercentage: null,
      discountValidFrom: null,
      discountValidTo: null,
    });
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'DELETE_DISCOUNT',
      description: `Discount removed from ${row.name} (SKU ${row.sku}) at ${location.name}.`,
    });
    return toProductAnswer(scope, updated, deps.clock.now());
  });
}
