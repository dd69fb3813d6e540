import { randomUUID } from 'node:crypto';
import type { TCreateInventoryRequest } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { openItems } from '../stock/stock.service.js';
import { findExistingPairs, findLocationNames, holdProducts } from './items.repository.js';

/**
 * Opens stock records (POST /api/inventory and its batch): each product must be placed at the
 * location named with it, and must not have a record there yet. Every check runs before anything
 * is written, and a refusal names the item (`details.index`, from 0; "Item 2" in the message),
 * so a batch is all or none and its sender knows which line to fix.
 *
 * The opening quantity arrives through the stock function as a COUNT ledger row (openItems).
 * Answers the new items' ids in the order sent.
 */
export async function openInventory(
  scope: TenantScope,
  userId: string,
  inputs: readonly TCreateInventoryRequest[],
  isBatch: boolean,
): Promise<string[]> {
  const label = (index: number) => (isBatch ? `Item ${index + 1}: ` : '');
  const refuse = (code: 'NOT_FOUND' | 'CONFLICT', index: number, field: string, text: string) =>
    new AppError(code, `${label(index)}${text}`, { ...(isBatch ? { index } : {}), field });

  const firstOfProduct = new Map<string, number>();
  for (const [index, input] of inputs.entries()) {
    const earlier = firstOfProduct.get(input.productId);
    if (earlier !== undefined)
      throw refuse('CONFLICT', index, 'productId', `It repeats the product of item ${earlier + 1}.`);
    firstOfProduct.set(input.productId, index);
  }

  const locations = new Map(
    (await findLocationNames(scope, [...new Set(inputs.map((input) => input.locationId))])).map((row) => [
      row.id,
      row.name,
    ]),
  );
  const products = new Map(
    (await holdProducts(scope, [...firstOfProduct.keys()])).map((row) => [row.id, row]),
  );
  for (const [index, input] of inputs.entries()) {
    const locationName = locations.get(input.locationId);
    if (locationName === undefined)
      throw refuse('NOT_FOUND', index, 'locationId', 'The location was not found.');
    const product = products.get(input.productId);
    if (!product) throw refuse('NOT_FOUND', index, 'productId', 'The product was not found.');
    if (product.locationId !== input.locationId) {
      const message = `${label(index)}The product ${product.name} (${product.sku}) is not placed at ${locationName}. Choose the location it belongs to.`;
      throw new AppError('VALIDATION_ERROR', message, {
        fieldErrors: { [isBatch ? `${index}.locationId` : 'locationId']: [message] },
        ...(isBatch ? { index } : {}),
      });
    }
  }

  const existing = new Set((await findExistingPairs(scope, inputs)).map((pair) => pair.productId));
  const opening = inputs.map((input) => ({ ...input, inventoryId: randomUUID() }));
  const alreadyThere = (index: number, input: TCreateInventoryRequest) => {
    const product = products.get(input.productId);
    return refuse(
      'CONFLICT',
      index,
      'productId',
      `${product?.sku ?? 'This product'} already has a stock record at ${locations.get(input.locationId) ?? 'this location'}. Adjust or count it instead.`,
    );
  };
  for (const [index, input] of inputs.entries())
    if (existing.has(input.productId)) throw alreadyThere(index, input);

  const created = new Set(
    await openItems(
      scope,
      { userId },
      opening.map((item) => ({ ...item, reason: 'COUNT' as const })),
    ),
  );
  for (const [index, item] of opening.entries()) {
    // A colleague opened the same record a moment ago (its insert committed after our check).
    if (!created.has(item.inventoryId)) throw alreadyThere(index, item);
    await recordAuditEvent(scope, {
      userId,
      eventType: 'INVENTORY_CREATION',
      description: `Opened the stock of ${products.get(item.productId)?.sku ?? item.productId} at ${locations.get(item.locationId) ?? item.locationId} with ${item.quantity} units.`,
    });
  }
  return opening.map((item) => item.inventoryId);
}
