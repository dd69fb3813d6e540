import { isPermitted, type TSale, type ZCreateSaleRequest, type ZRefundRequest } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/guard.js';
import { isNumericOverflow } from '../../platform/db/pg-errors.js';
import { inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { once, type IdempotencyClaim } from '../../platform/idempotency/idempotency.js';
import { fromCents, isStorableAmount, toCents } from '../../platform/money.js';
import { dateInTimeZone } from '../../platform/zoned-time.js';
import { timeZoneOfBusiness } from '../access/businesses.service.js';
import {
  changeStock,
  ensureItems,
  timeOrderedUuid,
  type ChangedItem,
  type StockChange,
} from '../inventory/stock/stock.service.js';
import {
  earnPointsForSale,
  keptBackCents,
  keptBackOfRefunds,
  pointsOfRefund,
  priceRedemption,
  settleRefundPoints,
  spendRedemption,
} from '../loyalty/sale-points.service.js';
import {
  effectivePrice,
  findProductsForSale,
  summarizeProducts,
} from '../product/products/products.service.js';
import { requireStore } from '../product/stores/stores.service.js';
import { codeOf, copyOf, namedShortage, pickProduct, unitsToRefund } from './sale-line-rules.js';
import { toSale } from './sale-mapper.js';
import {
  priceLine,
  refundLine,
  rollupCostOf,
  soldAtProblem,
  sumByProduct,
  totalsOf,
  type PricedLine,
} from './sale-pricing.js';
import { addToProductRollups, addToStoreRollup } from './sale-rollups.repository.js';
import type { SalesDeps } from './sales.deps.js';
import {
  addRefundedQuantities,
  findRefundsOf,
  findSale,
  insertSale,
  lockSaleLines,
  type NewSale,
  type NewSaleLine,
  type SaleLineRow,
  type SaleRow,
} from './sales.repository.js';

/**
 * Recording a checkout and refunding it (DESIGN 9). Each is one transaction: the sale and its
 * lines, the stock through the stock function (reason SALE, the sale's id as reference), the
 * rollups and the loyalty member's points commit together or not at all. Reads are in sale-reads.service.ts.
 */

type CreateSaleBody = z.output<typeof ZCreateSaleRequest>;
type RefundBody = z.output<typeof ZRefundRequest>;
type Actor = { userId: string };

/** POST /api/sales: 201 with the sale, once per Idempotency-Key. */
export async function recordSale(
  deps: SalesDeps,
  principal: Principal,
  body: CreateSaleBody,
  claim: IdempotencyClaim | null,
): Promise<TSale> {
  const overridden = body.lines.findIndex((line) => line.unitPrice !== undefined);
  if (overridden >= 0 && !isPermitted(principal.roles, 'product:update'))
    throw new AppError(
      'FORBIDDEN',
      `Line ${overridden + 1}: only staff who may edit products can set a unit price. Leave unitPrice out to sell at the product's price.`,
      { index: overridden },
    );
  const answer = await inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => ({
      statusCode: 201,
      body: await createSale(scope, { userId: principal.userId }, body, deps.clock.now()),
    })),
  );
  return answer.body;
}

/** POST /api/sales/{id}/refund: 201 with the refund, once per Idempotency-Key. */
export async function refundSale(
  deps: SalesDeps,
  principal: Principal,
  saleId: string,
  body: RefundBody,
  claim: IdempotencyClaim | null,
): Promise<TSale> {
  const answer = await inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => ({
      statusCode: 201,
      body: await createRefund(scope, { userId: principal.userId }, saleId, body?.lines, deps.clock.now()),
    })),
  );
  return answer.body;
}

async function createSale(scope: TenantScope, actor: Actor, body: CreateSaleBody, now: Date): Promise<TSale> {
  const soldAt = body.soldAt ? new Date(body.soldAt) : now;
  const problem = soldAtProblem(soldAt, now);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, { fieldErrors: { soldAt: [problem] } });
  const store = await requireStore(scope, body.storeId);
  if (!store.active) throw new AppError('NOT_FOUND', `The store ${store.name} is not active.`);
  const matches = await findProductsForSale(scope, store.locationId, body.lines.map(codeOf));
  const priced: NewSaleLine[] = body.lines.map((line, index) => {
    const product = pickProduct(codeOf(line), matches[index] ?? [], index, store);
    // A price set by hand is the price: no discount applies to it.
    const paid = line.unitPrice ?? effectivePrice(product.price, product.discount, soldAt);
    const priced = priceLine(line.quantity, line.unitPrice ?? product.price, paid);
    if (!isStorableAmount(toCents(priced.lineTotal)))
      throw new AppError('VALIDATION_ERROR', `Line ${index + 1}: the line's total is too large to record.`, {
        index,
        fieldErrors: { [`lines.${index}.quantity`]: ["The line's total is too large to record."] },
      });
    // Its unit cost is the stock function's answer for the sale's change (below).
    return { lineNo: index + 1, ...copyOf(product), ...priced, unitCost: null };
  });
  const redemption = body.redeem
    ? await priceRedemption(scope, {
        customerRef: body.customerRef ?? null,
        redeem: body.redeem,
        totalCents: toCents(totalsOf(priced).total),
        now,
      })
    : null;
  const sale = await saleOf(scope, actor, {
    id: timeOrderedUuid(),
    kind: 'SALE',
    refundOf: null,
    store,
    soldAt,
    paymentMethod: body.paymentMethod,
    customerRef: body.customerRef ?? null,
    lines: priced,
    loyaltyCents: redemption?.valueCents,
  });
  // The stock first: each line records the unit cost its product's change left the shelf at (the
  // request role may not update a line once written). The sale's rows are new, so writing them after
  // the items keeps the lock order of DESIGN 9 (items, month rows, day rows, the store's day).
  let changed: ChangedItem[];
  try {
    changed = await changeStock(scope, actor, stockChanges(sale, priced));
  } catch (error) {
    throw namedShortage(error, priced, store);
  }
  const costs = new Map(changed.map((item) => [item.productId, item.unitCost]));
  const lines = priced.map((line) => ({ ...line, unitCost: costs.get(line.productId) ?? null }));
  const createdAt = await insertSale(scope, sale, lines);
  await addToRollups(scope, sale, lines);
  if (redemption) await spendRedemption(scope, redemption, { id: sale.id, userId: actor.userId, now });
  // Earned on what was paid, after the reward.
  const earned = await earnPointsForSale(scope, { ...sale, userId: actor.userId, now });
  const loyalty = redemption
    ? {
        memberId: redemption.memberId,
        cardCode: redemption.cardCode,
        points: (earned?.points ?? 0) - redemption.points,
        redeemed: redemption.points,
      }
    : earned;
  return toSale({ ...sale, storeName: store.name, createdAt }, withNothingRefunded(lines), loyalty);
}

async function createRefund(
  scope: TenantScope,
  actor: Actor,
  saleId: string,
  wanted: Array<{ lineNo: number; quantity: number }> | undefined,
  now: Date,
): Promise<TSale> {
  const sold = await findSale(scope, saleId);
  if (!sold) throw new AppError('NOT_FOUND', 'The sale was not found.');
  if (sold.kind !== 'SALE')
    throw new AppError(
      'CONFLICT',
      'This is a refund, which cannot be refunded. Refund the sale it gives back.',
    );
  const soldLines = await lockSaleLines(scope, saleId);
  const giving = unitsToRefund(soldLines, wanted);
  const existing = await summarizeProducts(scope, [...new Set(giving.map(({ line }) => line.productId))]);
  const gone = giving.find(({ line }) => !existing.has(line.productId));
  if (gone)
    throw new AppError(
      'CONFLICT',
      `Line ${gone.line.lineNo}: ${gone.line.productName} (SKU ${gone.line.sku}) was deleted from the catalogue, so its units cannot go back into stock.`,
      { lineNo: gone.line.lineNo },
    );
  const lines: NewSaleLine[] = giving.map(({ line, units }, index) => ({
    lineNo: index + 1,
    productId: line.productId,
    productName: line.productName,
    sku: line.sku,
    barcode: line.barcode,
    categoryId: line.categoryId,
    ...refundLine(line, units),
    // The units come back at the cost they left at.
    unitCost: line.unitCost,
  }));
  const earlier = await findRefundsOf(scope, sold.id);
  const gross = -toCents(totalsOf(lines).total);
  const points = await pointsOfRefund(scope, {
    saleId: sold.id,
    saleLinesCents: toCents(sold.subtotal) - toCents(sold.discountTotal),
    refundedLinesCents: earlier.reduce((sum, each) => sum - toCents(each.lines), gross),
    earlierRefundIds: earlier.map((each) => each.id),
    now,
  });
  const back = await moneyBack(scope, sold, earlier, gross, unitsLeftAfter(soldLines, giving) === 0);
  // The worth of points she spent already stays with the shop (at most what this refund gives back).
  const keptBack = minCents(keptBackCents(points), back);
  const refundId = timeOrderedUuid();
  const refund = await saleOf(scope, actor, {
    id: refundId,
    kind: 'REFUND',
    refundOf: sold.id,
    store: { id: sold.storeId, locationId: sold.locationId },
    soldAt: now,
    paymentMethod: sold.paymentMethod,
    customerRef: sold.customerRef,
    lines,
    loyaltyCents: -(gross - (back - keptBack)),
  });
  const createdAt = await insertSale(scope, refund, lines);
  await addRefundedQuantities(
    scope,
    sold.id,
    giving.map(({ line, units }) => ({ lineNo: line.lineNo, units })),
  );
  const changes = stockChanges(refund, lines);
  // The item may have been deleted at 0 since the sale.
  await ensureItems(scope, changes);
  await changeStock(scope, actor, changes);
  await addToRollups(scope, refund, lines);
  const loyalty = points
    ? await settleRefundPoints(scope, points, { id: refundId, keptBack, userId: actor.userId, now })
    : null;
  return toSale({ ...refund, storeName: sold.storeName, createdAt }, withNothingRefunded(lines), loyalty);
}

/**
 * The money a refund gives back (positive cents): what the customer paid for its lines, not their
 * price before a loyalty reward (in proportion to the lines' money); the refund that ends the sale
 * gives back exactly what is left of what was paid, less what earlier refunds kept back for spent
 * points, so the refunds of a sale never give back more than it took.
 */
async function moneyBack(
  scope: TenantScope,
  sold: SaleRow,
  earlier: ReadonlyArray<{ id: string; total: string }>,
  gross: bigint,
  isLast: boolean,
): Promise<bigint> {
  const paid = toCents(sold.total);
  const discount = toCents(sold.loyaltyDiscount);
  const givenBack = earlier.reduce((sum, each) => sum - toCents(each.total), 0n);
  const keptBefore = await keptBackOfRefunds(
    scope,
    earlier.map((each) => each.id),
  );
  const paidLeft = paid - givenBack - keptBefore;
  if (isLast) return paidLeft;
  const share = discount > 0n ? (gross * paid) / (paid + discount) : gross;
  return minCents(share, paidLeft);
}

/** Units of the sale not refunded once this refund is. */
function unitsLeftAfter(soldLines: readonly SaleLineRow[], giving: ReadonlyArray<{ units: number }>): number {
  const left = soldLines.reduce((sum, line) => sum + line.quantity - line.refundedQuantity, 0);
  return left - giving.reduce((sum, each) => sum + each.units, 0);
}

const minCents = (a: bigint, b: bigint) => (a < b ? a : b);

async function saleOf(
  scope: TenantScope,
  actor: Actor,
  sale: Pick<NewSale, 'id' | 'kind' | 'refundOf' | 'soldAt' | 'paymentMethod' | 'customerRef'> & {
    store: { id: string; locationId: string };
    lines: readonly PricedLine[];
    /** Cents taken off the lines' total by a loyalty reward (a refund: its share given back, negative). */
    loyaltyCents?: bigint;
  },
): Promise<NewSale> {
  const totals = totalsOf(sale.lines);
  const loyaltyCents = sale.loyaltyCents ?? 0n;
  if (!totals.isStorable)
    throw new AppError('VALIDATION_ERROR', "The sale's total is too large to record.", {
      fieldErrors: { lines: ["The sale's total is too large to record."] },
    });
  return {
    id: sale.id,
    kind: sale.kind,
    refundOf: sale.refundOf,
    storeId: sale.store.id,
    locationId: sale.store.locationId,
    soldAt: sale.soldAt,
    // The business's day of the instant: the key of the daily rollups.
    day: dateInTimeZone(sale.soldAt, await timeZoneOfBusiness(scope)),
    paymentMethod: sale.paymentMethod,
    customerRef: sale.customerRef,
    subtotal: totals.subtotal,
    discountTotal: totals.discountTotal,
    loyaltyDiscount: fromCents(loyaltyCents),
    total: fromCents(toCents(totals.total) - loyaltyCents),
    units: totals.units,
    createdBy: actor.userId,
  };
}

/**
 * One change per product (its lines summed), all in ONE changeStock call: the stock function
 * locks the items in its fixed order, so the sale takes all or nothing and never deadlocks with
 * another change; a product on two lines is checked against its whole quantity.
 */
function stockChanges(sale: NewSale, lines: readonly NewSaleLine[]): StockChange[] {
  return sumByProduct(lines).map((product) => ({
    locationId: sale.locationId,
    productId: product.productId,
    delta: -product.quantity,
    reason: 'SALE' as const,
    reference: sale.id,
    // A refund puts units back at the cost they left at, so the moving average takes them at it
    // (the stock function ignores a cost on an outflow: a sale's lines have none yet).
    unitCost: sale.kind === 'REFUND' ? product.unitCost : null,
  }));
}

async function addToRollups(scope: TenantScope, sale: NewSale, lines: readonly NewSaleLine[]): Promise<void> {
  const key = { storeId: sale.storeId, day: sale.day };
  try {
    await addToProductRollups(scope, key, sumByProduct(lines));
    await addToStoreRollup(scope, key, {
      total: sale.total,
      cost: rollupCostOf(lines),
      units: sale.units,
      // Refunds give money back but are not transactions of the day.
      transactions: sale.kind === 'SALE' ? 1 : 0,
    });
  } catch (error) {
    // Security review: a day's rollup holds 100 sales of the largest amount; the 101st was a 500.
    if (isNumericOverflow(error))
      throw new AppError(
        'CONFLICT',
        `The sales of ${sale.day} at this store would pass the largest total the figures can hold. Check the prices and quantities.`,
        { day: sale.day },
        {},
        error,
      );
    throw error;
  }
}

function withNothingRefunded(lines: readonly NewSaleLine[]): SaleLineRow[] {
  return lines.map((line) => ({ ...line, refundedQuantity: 0 }));
}
