import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import {
  expectLedgersBalanced,
  insertStock,
  shopWithProducts,
  type Shop,
} from '../../../../test/fixtures/spreadsheets/spreadsheet-kit.js';
import type { Principal } from '../../../platform/auth/principal.js';
import { inNewTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { changeStockInBulk, setCountedStockInBulk } from '../stock/stock.service.js';

/**
 * The stock function's bulk twins (stock/stock-bulk.ts), which the uploads write through: the same
 * refusals and ledger rows as changeStock, and an item created by another transaction between the
 * lock and the insert. (Here beside their caller: the stock folder's test files belong to the
 * stock function's own suite.)
 */

let t: TestApp;
let shop: Shop;
let principal: Principal;

function inShop<T>(work: (scope: TenantScope) => Promise<T>): Promise<T> {
  return inNewTenant(t.database.db, principal, shop.owner.businessId, work);
}

async function quantity(locationId: string, productId: string): Promise<number | undefined> {
  const { rows } = await t.sql(
    'select quantity from inventory_items where location_id = $1 and product_id = $2',
    [locationId, productId],
  );
  return (rows[0] as { quantity: number } | undefined)?.quantity;
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  t = await buildTestApp();
  shop = await shopWithProducts(t);
  principal = {
    userId: shop.owner.userId,
    businessId: shop.owner.businessId,
    roles: ['ROLE_BUSINESS_OWNER'],
    tokenVersion: 0,
    tokenId: randomUUID(),
    expiresAt: new Date(Date.now() + 600_000),
  };
  await insertStock(t, shop.owner.businessId, shop.warehouseId, shop.products['TEA-0001']!.warehouse, 10);
});
afterAll(async () => {
  await expectLedgersBalanced(t);
  await t.close();
});

describe('changeStockInBulk and setCountedStockInBulk', () => {
  const actor = () => ({ userId: shop.owner.userId });
  const tea = () => ({ locationId: shop.warehouseId, productId: shop.products['TEA-0001']!.warehouse });

  it('writes a ledger row per change with the quantity after it, as changeStock does', async () => {
    const applied = await inShop((scope) =>
      changeStockInBulk(scope, actor(), [
        { ...tea(), delta: 5, reason: 'ADJUSTMENT', cause: 'RECEIVED', note: 'first' },
        { ...tea(), delta: -3, reason: 'ADJUSTMENT', cause: 'DAMAGED', note: 'second' },
      ]),
    );
    expect(applied.applied.map((row) => [row.delta, row.quantity])).toEqual([
      [5, 15],
      [-3, 12],
    ]);
    const { rows } = await t.sql(
      `select delta, quantity_after, cause, note from stock_ledger where product_id = $1 and reason = 'ADJUSTMENT' order by created_at`,
      [tea().productId],
    );
    expect(rows).toEqual([
      { delta: 5, quantity_after: 15, cause: 'RECEIVED', note: 'first' },
      { delta: -3, quantity_after: 12, cause: 'DAMAGED', note: 'second' },
    ]);
  });

  it('refuses to go below zero (409 with what is available), a missing item (404) and more than the limit', async () => {
    const short = await refusal(
      inShop((scope) => changeStockInBulk(scope, actor(), [{ ...tea(), delta: -13, reason: 'SALE' }])),
    );
    expect(short.statusCode).toBe(409);
    expect(short.details).toMatchObject({ available: 12, requested: 13 });
    const missing = await refusal(
      inShop((scope) =>
        changeStockInBulk(scope, actor(), [
          { locationId: shop.storeId, productId: shop.products['TEA-0002']!.store, delta: 1, reason: 'SALE' },
        ]),
      ),
    );
    expect(missing.statusCode).toBe(404);
    const tooMuch = await refusal(
      inShop((scope) =>
        changeStockInBulk(scope, actor(), [{ ...tea(), delta: 999_999_999, reason: 'UPLOAD' }]),
      ),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(await quantity(tea().locationId, tea().productId)).toBe(12);
  });

  it('counts: a row of the difference, 0 included for an item that exists', async () => {
    const result = await inShop((scope) =>
      setCountedStockInBulk(scope, actor(), [
        { ...tea(), quantity: 12, reason: 'COUNT' },
        { ...tea(), quantity: 20, reason: 'COUNT' },
      ]),
    );
    expect(result.applied.map((row) => [row.delta, row.quantity])).toEqual([
      [0, 12],
      [8, 20],
    ]);
  });

  it('applies to an item another transaction created after the lock, waiting for it', async () => {
    const item = { locationId: shop.storeId, productId: shop.products['TEA-0003']!.store };
    const change = { ...item, delta: 5, reason: 'UPLOAD' as const };
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let created = () => undefined as void;
    const isCreated = new Promise<void>((resolve) => (created = resolve));
    const first = inShop(async (scope) => {
      const result = await changeStockInBulk(scope, actor(), [change], { createMissing: true });
      created();
      await held;
      return result;
    });
    await isCreated;
    // The second locks nothing (the first's row is not committed) and its insert waits on the first.
    const second = inShop((scope) => changeStockInBulk(scope, actor(), [change], { createMissing: true }));
    await sleep(300);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.created).toHaveLength(1);
    expect(b.created).toEqual([]);
    expect(b.applied.map((row) => [row.inventoryId, row.delta, row.quantity])).toEqual([
      [a.created[0], 5, 10],
    ]);
    expect(await quantity(item.locationId, item.productId)).toBe(10);
  });
});
