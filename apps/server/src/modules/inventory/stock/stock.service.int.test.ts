import { randomUUID } from 'node:crypto';
import { MAX_STOCK_QUANTITY } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { insertLocation } from '../../../../test/factories/catalogue.js';
import {
  expectLedgerBalanced,
  insertProductAt,
  ledgerOf,
  quantityOf,
} from '../../../../test/factories/inventory.js';
import type { Principal } from '../../../platform/auth/principal.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import type { AppError } from '../../../platform/http/app-error.js';
import { changeStock, ensureItems, openItems, setCountedStock, type StockChange } from './stock.service.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let shop: string;
let depot: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Ledger Stores');
  other = await ownerWithBusiness(t, 'Other Ledgers');
  shop = await insertLocation(t, owner.businessId, { name: 'Shop' });
  depot = await insertLocation(t, owner.businessId, { name: 'Depot' });
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

function principalOf(account: { userId: string; businessId: string }): Principal {
  return {
    userId: account.userId,
    businessId: account.businessId,
    roles: ['ROLE_BUSINESS_OWNER'],
    tokenVersion: 0,
    tokenId: randomUUID(),
    expiresAt: new Date(Date.now() + 3_600_000),
  };
}

/** Runs `work` in one tenant transaction of the owner's business, as a request would. */
function asOwner<T>(work: (scope: TenantScope) => Promise<T>, account = owner): Promise<T> {
  return inTenant(t.database.db, principalOf(account), work);
}

const actor = () => ({ userId: owner.userId });

/** A product at the location with an item holding `quantity` (opened through the stock function). */
async function stocked(
  locationId: string,
  quantity: number,
): Promise<{ inventoryId: string; productId: string }> {
  const product = await insertProductAt(t, owner.businessId, locationId);
  const inventoryId = randomUUID();
  await asOwner((scope) =>
    openItems(scope, actor(), [
      { inventoryId, locationId, productId: product.id, reorderPoint: null, quantity, reason: 'COUNT' },
    ]),
  );
  return { inventoryId, productId: product.id };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!error) throw new Error('expected a refusal');
  return error as AppError;
}

describe('stock.service', () => {
  describe('openItems', () => {
    it('creates items at 0 and brings the opening quantity through one ledger row; leaves existing ones', async () => {
      const tea = await insertProductAt(t, owner.businessId, shop);
      const cocoa = await insertProductAt(t, owner.businessId, shop);
      const [teaId, cocoaId] = [randomUUID(), randomUUID()];
      const created = await asOwner((scope) =>
        openItems(scope, actor(), [
          {
            inventoryId: teaId,
            locationId: shop,
            productId: tea.id,
            reorderPoint: 4,
            quantity: 12,
            reason: 'COUNT',
          },
          {
            inventoryId: cocoaId,
            locationId: shop,
            productId: cocoa.id,
            reorderPoint: null,
            quantity: 0,
            reason: 'UPLOAD',
          },
        ]),
      );
      expect(created.sort()).toEqual([teaId, cocoaId].sort());
      expect(await quantityOf(t, teaId)).toBe(12);
      expect(await ledgerOf(t, teaId)).toEqual([
        expect.objectContaining({ delta: 12, quantity_after: 12, reason: 'COUNT', user_id: owner.userId }),
      ]);
      // Nothing to record for an opening at 0: the empty ledger sums to 0.
      expect(await ledgerOf(t, cocoaId)).toEqual([]);

      const again = await asOwner((scope) =>
        openItems(scope, actor(), [
          {
            inventoryId: randomUUID(),
            locationId: shop,
            productId: tea.id,
            reorderPoint: null,
            quantity: 99,
            reason: 'COUNT',
          },
        ]),
      );
      expect(again).toEqual([]);
      expect(await quantityOf(t, teaId)).toBe(12);
      expect(await ledgerOf(t, teaId)).toHaveLength(1);
    });
  });

  describe('ensureItems', () => {
    it('creates the missing items at 0 and leaves the existing one as it is', async () => {
      const held = await stocked(depot, 5);
      const fresh = await insertProductAt(t, owner.businessId, depot);
      await asOwner((scope) =>
        ensureItems(scope, [
          { locationId: depot, productId: held.productId },
          { locationId: depot, productId: fresh.id },
        ]),
      );
      expect(await quantityOf(t, held.inventoryId)).toBe(5);
      const { rows } = await t.sql('select quantity from inventory_items where product_id = $1', [fresh.id]);
      expect(rows).toEqual([{ quantity: 0 }]);
    });
  });

  describe('changeStock', () => {
    it('writes one ledger row per change with who, why and the quantity after it', async () => {
      const item = await stocked(shop, 10);
      const reference = randomUUID();
      const applied = await asOwner((scope) =>
        changeStock(scope, actor(), [
          { locationId: shop, productId: item.productId, delta: -3, reason: 'SALE', reference },
          {
            locationId: shop,
            productId: item.productId,
            delta: 5,
            reason: 'ADJUSTMENT',
            cause: 'FOUND',
            note: 'Behind the shelf',
          },
        ]),
      );
      expect(applied.map((change) => change.quantity)).toEqual([7, 12]);
      expect(await ledgerOf(t, item.inventoryId)).toEqual([
        expect.objectContaining({ delta: 10, quantity_after: 10, reason: 'COUNT' }),
        expect.objectContaining({
          delta: -3,
          quantity_after: 7,
          reason: 'SALE',
          reference,
          user_id: owner.userId,
        }),
        expect.objectContaining({
          delta: 5,
          quantity_after: 12,
          reason: 'ADJUSTMENT',
          cause: 'FOUND',
          note: 'Behind the shelf',
        }),
      ]);
    });

    it('never goes below zero: 409 INSUFFICIENT_STOCK with what is available, and nothing of the call stays', async () => {
      const first = await stocked(shop, 6);
      const second = await stocked(shop, 2);
      const error = await refusal(
        asOwner((scope) =>
          changeStock(scope, actor(), [
            { locationId: shop, productId: first.productId, delta: -6, reason: 'SALE' },
            { locationId: shop, productId: second.productId, delta: -3, reason: 'SALE' },
          ]),
        ),
      );
      expect({ code: error.code, status: error.statusCode, details: error.details }).toEqual({
        code: 'INSUFFICIENT_STOCK',
        status: 409,
        details: { available: 2, requested: 3, locationId: shop, productId: second.productId },
      });
      // The first change applied inside the transaction, which rolled back with the refusal.
      expect(await quantityOf(t, first.inventoryId)).toBe(6);
      expect(await ledgerOf(t, first.inventoryId)).toHaveLength(1);
    });

    it(`refuses to pass ${MAX_STOCK_QUANTITY} units (the integer column would overflow) with a 409`, async () => {
      const item = await stocked(depot, MAX_STOCK_QUANTITY - 1);
      const error = await refusal(
        asOwner((scope) =>
          changeStock(scope, actor(), [
            { locationId: depot, productId: item.productId, delta: 2, reason: 'ADJUSTMENT' },
          ]),
        ),
      );
      expect(error.code).toBe('CONFLICT');
      expect(error.details).toMatchObject({ available: MAX_STOCK_QUANTITY - 1, max: MAX_STOCK_QUANTITY });
      for (let i = 0; i < 3; i++)
        await expect(
          asOwner((scope) =>
            changeStock(scope, actor(), [
              {
                locationId: depot,
                productId: item.productId,
                delta: MAX_STOCK_QUANTITY,
                reason: 'ADJUSTMENT',
              },
            ]),
          ),
        ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await quantityOf(t, item.inventoryId)).toBe(MAX_STOCK_QUANTITY - 1);
      const atMost = await asOwner((scope) =>
        changeStock(scope, actor(), [
          { locationId: depot, productId: item.productId, delta: 1, reason: 'ADJUSTMENT' },
        ]),
      );
      expect(atMost[0]?.quantity).toBe(MAX_STOCK_QUANTITY);
    });

    it('answers 404 for an item that does not exist, and for another business’s item', async () => {
      const product = await insertProductAt(t, owner.businessId, shop);
      await expect(
        asOwner((scope) =>
          changeStock(scope, actor(), [
            { locationId: shop, productId: product.id, delta: 1, reason: 'ADJUSTMENT' },
          ]),
        ),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const item = await stocked(shop, 3);
      await expect(
        asOwner(
          (scope) =>
            changeStock(scope, { userId: other.userId }, [
              { locationId: shop, productId: item.productId, delta: -1, reason: 'SALE' },
            ]),
          other,
        ),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await quantityOf(t, item.inventoryId)).toBe(3);
    });

    it('applies several changes in the one lock order (location, product), whatever order they come in', async () => {
      const items = [
        await stocked(shop, 50),
        await stocked(depot, 50),
        await stocked(shop, 50),
        await stocked(depot, 50),
      ];
      const changes: StockChange[] = items
        .map((item, index) => ({
          locationId: index % 2 === 0 ? shop : depot,
          productId: item.productId,
          delta: -1,
          reason: 'SALE' as const,
        }))
        .reverse();
      await asOwner((scope) => changeStock(scope, actor(), changes));
      const { rows } = await t.sql(
        `select location_id, product_id from stock_ledger
         where product_id = any($1) and reason = 'SALE' order by created_at, id`,
        [items.map((item) => item.productId)],
      );
      const written = (rows as Array<{ location_id: string; product_id: string }>).map(
        (row) => `${row.location_id}/${row.product_id}`,
      );
      expect(written).toEqual([...written].sort());
    });

    it('lets concurrent multi-item changes over overlapping items in random orders finish without a deadlock', async () => {
      const items = await Promise.all(
        Array.from({ length: 6 }, (_, i) => stocked(i % 2 ? shop : depot, 1000)),
      );
      const shuffled = () => [...items].sort(() => Math.random() - 0.5);
      const rounds = 40;
      const outcomes = await Promise.allSettled(
        Array.from({ length: rounds }, (_, round) =>
          asOwner((scope) =>
            changeStock(
              scope,
              actor(),
              shuffled().map((item, index) => ({
                locationId: items.indexOf(item) % 2 ? shop : depot,
                productId: item.productId,
                delta: (round + index) % 2 ? -2 : 1,
                reason: 'ADJUSTMENT' as const,
              })),
            ),
          ),
        ),
      );
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failures).toEqual([]);
      await expectLedgerBalanced(t);
    });

    it('takes exactly the stock there is when many decrement one item at once', async () => {
      const item = await stocked(shop, 20);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 45 }, () =>
          asOwner((scope) =>
            changeStock(scope, actor(), [
              { locationId: shop, productId: item.productId, delta: -1, reason: 'SALE' },
            ]),
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(20);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused.every((outcome) => (outcome.reason as AppError).code === 'INSUFFICIENT_STOCK')).toBe(
        true,
      );
      expect(await quantityOf(t, item.inventoryId)).toBe(0);
      expect((await ledgerOf(t, item.inventoryId)).filter((row) => row.reason === 'SALE')).toHaveLength(20);
    });
  });

  describe('setCountedStock', () => {
    it('records the difference to the counted quantity, and a 0 row when the count confirms it', async () => {
      const item = await stocked(depot, 8);
      await asOwner((scope) =>
        setCountedStock(scope, actor(), [
          { locationId: depot, productId: item.productId, quantity: 5, reason: 'COUNT', note: 'Shelf count' },
        ]),
      );
      await asOwner((scope) =>
        setCountedStock(scope, actor(), [
          { locationId: depot, productId: item.productId, quantity: 5, reason: 'COUNT' },
        ]),
      );
      await asOwner((scope) =>
        setCountedStock(scope, actor(), [
          { locationId: depot, productId: item.productId, quantity: 11, reason: 'UPLOAD' },
        ]),
      );
      expect(await quantityOf(t, item.inventoryId)).toBe(11);
      expect(
        (await ledgerOf(t, item.inventoryId)).map((row) => [row.delta, row.quantity_after, row.reason]),
      ).toEqual([
        [8, 8, 'COUNT'],
        [-3, 5, 'COUNT'],
        [0, 5, 'COUNT'],
        [6, 11, 'UPLOAD'],
      ]);
    });

    it('counts the same item twice in one call in order, and refuses a missing item with 404', async () => {
      const item = await stocked(shop, 4);
      await asOwner((scope) =>
        setCountedStock(scope, actor(), [
          { locationId: shop, productId: item.productId, quantity: 9, reason: 'COUNT' },
          { locationId: shop, productId: item.productId, quantity: 1, reason: 'COUNT' },
        ]),
      );
      expect((await ledgerOf(t, item.inventoryId)).map((row) => row.delta)).toEqual([4, 5, -8]);
      const missing = await insertProductAt(t, owner.businessId, shop);
      await expect(
        asOwner((scope) =>
          setCountedStock(scope, actor(), [
            { locationId: shop, productId: item.productId, quantity: 0, reason: 'COUNT' },
            { locationId: shop, productId: missing.id, quantity: 2, reason: 'COUNT' },
          ]),
        ),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await quantityOf(t, item.inventoryId)).toBe(1);
    });
  });

  describe('moving average cost (issue 16)', () => {
    async function costOf(inventoryId: string) {
      const { rows } = await t.sql(
        'select average_unit_cost::text as cost from inventory_items where id = $1',
        [inventoryId],
      );
      return rows[0].cost as string | null;
    }
    async function ledgerCosts(inventoryId: string) {
      const { rows } = await t.sql(
        'select delta, unit_cost::text as cost from stock_ledger where inventory_id = $1 order by created_at, id',
        [inventoryId],
      );
      return rows.map((row: { delta: number; cost: string | null }) => [row.delta, row.cost]);
    }

    it('averages receipts by units, keeps the average through sales, and records each row’s cost', async () => {
      const item = await stocked(shop, 0);
      const change = (delta: number, unitCost: string | null, reason: StockChange['reason']) =>
        asOwner((scope) =>
          changeStock(scope, actor(), [
            { locationId: shop, productId: item.productId, delta, reason, unitCost },
          ]),
        );

      const [first] = await change(10, '2.00', 'PURCHASE');
      expect(first).toMatchObject({ quantity: 10, averageUnitCost: '2.0000', unitCost: '2.0000' });
      await change(5, '3.50', 'PURCHASE');
      // (10 x 2.00 + 5 x 3.50) / 15 = 37.50 / 15 = 2.50
      expect(await costOf(item.inventoryId)).toBe('2.5000');
      const [sold] = await change(-6, null, 'SALE');
      expect(sold).toMatchObject({ quantity: 9, averageUnitCost: '2.5000', unitCost: '2.5000' });
      await change(3, '1.00', 'PURCHASE');
      // (9 x 2.50 + 3 x 1.00) / 12 = 25.50 / 12 = 2.125
      expect(await costOf(item.inventoryId)).toBe('2.1250');
      // A count that finds units carries no cost: the average stays.
      await change(1, null, 'COUNT');
      expect(await costOf(item.inventoryId)).toBe('2.1250');
      // A cost on an outflow is ignored.
      await change(-13, '99.00', 'ADJUSTMENT');
      expect(await costOf(item.inventoryId)).toBe('2.1250');
      expect(await ledgerCosts(item.inventoryId)).toEqual([
        [10, '2.0000'],
        [5, '3.5000'],
        [-6, '2.5000'],
        [3, '1.0000'],
        [1, '2.1250'],
        [-13, '2.1250'],
      ]);
      // From 0 units, the next receipt sets the average to its own cost.
      await change(4, '5.00', 'PURCHASE');
      expect(await costOf(item.inventoryId)).toBe('5.0000');
    });

    it('values units held before the first receipt at the product’s cost price', async () => {
      const item = await stocked(shop, 10);
      await t.sql('update products set cost_price = 1.00 where id = $1', [item.productId]);
      const [sold] = await asOwner((scope) =>
        changeStock(scope, actor(), [
          { locationId: shop, productId: item.productId, delta: -2, reason: 'SALE' },
        ]),
      );
      expect(sold).toMatchObject({ averageUnitCost: null, unitCost: '1.0000' });
      await asOwner((scope) =>
        changeStock(scope, actor(), [
          { locationId: shop, productId: item.productId, delta: 8, reason: 'PURCHASE', unitCost: '2.00' },
        ]),
      );
      // (8 x 1.00 + 8 x 2.00) / 16 = 1.50
      expect(await costOf(item.inventoryId)).toBe('1.5000');
    });
  });
});
