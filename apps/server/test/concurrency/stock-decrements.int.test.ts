import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@app/contracts';
import { connectDatabase, type Database } from '../../src/platform/db/database.js';
import { inTenant } from '../../src/platform/db/tenancy.js';
import { AppError } from '../../src/platform/http/app-error.js';
import { changeStock } from '../../src/modules/inventory/stock/stock.service.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness } from '../factories/accounts.js';
import { insertLocation } from '../factories/catalogue.js';
import { insertProducts } from '../factories/products.js';
import { ledgerMismatches, openStock, principalOf, startLockWaitSampler, tally } from './concurrency-kit.js';

/**
 * DESIGN 4 and issue 9 item 6: 200 callers take one unit each from an item holding 100, all at
 * once. Exactly 100 get it, the other 100 are told INSUFFICIENT_STOCK, nothing else happens, and
 * the ledger holds one row per unit taken. The pools are the server's size (20), so up to 20
 * transactions race for the same row at the same moment: the sampler checks they really waited
 * on its lock, so the row lock decided, not the order the callers happened to arrive in.
 */
const CALLERS = 200;
const STOCK = 100;
const POOL_SIZE = 20;

let t: TestApp;
let callers: Database;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let locationId: string;
let productIds: string[];

beforeAll(async () => {
  t = await buildTestApp({}, { poolSize: POOL_SIZE });
  callers = connectDatabase(t.requestUrl, { max: POOL_SIZE });
  owner = await ownerWithBusiness(t);
  locationId = await insertLocation(t, owner.businessId, { name: 'Till corner' });
  productIds = await insertProducts(t, owner.businessId, locationId, 2, 'HOT');
});
afterAll(async () => {
  await callers.close();
  await t.close();
});

async function ledgerOf(inventoryId: string) {
  const { rows } = await t.sql(
    `select delta, reason, cause, quantity_after as "quantityAfter" from stock_ledger where inventory_id = $1`,
    [inventoryId],
  );
  return rows as Array<{ delta: number; reason: string; cause: string | null; quantityAfter: number }>;
}

async function quantityOf(inventoryId: string): Promise<number> {
  const { rows } = await t.sql(`select quantity from inventory_items where id = $1`, [inventoryId]);
  return (rows[0] as { quantity: number }).quantity;
}

describe('200 concurrent decrements of 1 on a stock of 100', () => {
  it('through the stock function: 100 succeed, 100 answer INSUFFICIENT_STOCK, quantity 0', async () => {
    const principal = principalOf(owner);
    const productId = productIds[0] ?? '';
    const [inventoryId = ''] = await openStock(callers.db, principal, [
      { locationId, productId, quantity: STOCK },
    ]);
    const sampler = await startLockWaitSampler(t);

    const outcomes = await Promise.all(
      Array.from({ length: CALLERS }, (_, index) =>
        inTenant(callers.db, principal, async (scope) => {
          await changeStock(scope, { userId: owner.userId }, [
            { locationId, productId, delta: -1, reason: 'SALE', reference: `till-${index}` },
          ]);
          // The rest of a sale's transaction (its lines, the audit row) keeps the row locked a
          // moment longer, as a route does: the callers behind it wait on the lock.
          await scope.tx.$client.query('select pg_sleep(0.002)');
        }).then(
          () => 'ok',
          (error: unknown) =>
            error instanceof AppError
              ? `${error.code} available=${String((error.details as { available?: number })?.available)}`
              : `unexpected: ${error instanceof Error ? error.message : String(error)}`,
        ),
      ),
    );
    const mostWaiting = await sampler.stop();

    // The refusals come after the stock ran out: each was told that nothing was left.
    expect(tally(outcomes)).toEqual({ ok: STOCK, 'INSUFFICIENT_STOCK available=0': CALLERS - STOCK });
    expect(await quantityOf(inventoryId)).toBe(0);
    const sales = (await ledgerOf(inventoryId)).filter((row) => row.reason === 'SALE');
    expect(sales).toHaveLength(STOCK);
    expect(sales.every((row) => row.delta === -1)).toBe(true);
    // Each sale saw a different quantity after it: 99 down to 0, none twice.
    expect(new Set(sales.map((row) => row.quantityAfter)).size).toBe(STOCK);
    expect(await ledgerMismatches(t)).toEqual([]);
    expect(mostWaiting).toBeGreaterThan(1);
  });

  it('through PUT /api/inventory/{id}/adjust: 100 answer 200, 100 answer 409 INSUFFICIENT_STOCK', async () => {
    const productId = productIds[1] ?? '';
    const [inventoryId = ''] = await openStock(callers.db, principalOf(owner), [
      { locationId, productId, quantity: STOCK },
    ]);
    const sampler = await startLockWaitSampler(t);

    const responses = await Promise.all(
      Array.from({ length: CALLERS }, () =>
        t.app.inject({
          method: 'PUT',
          url: API.inventory.adjust.replace(':id', inventoryId),
          headers: bearer(owner.token),
          payload: { delta: -1, reason: 'DAMAGED' },
        }),
      ),
    );
    const mostWaiting = await sampler.stop();

    const outcomes = responses.map((res) => {
      const body = res.json<{ code?: string; details?: { available?: number } }>();
      return res.statusCode === 200
        ? '200'
        : `${res.statusCode} ${String(body.code)} available=${String(body.details?.available)}`;
    });
    expect(tally(outcomes)).toEqual({
      '200': STOCK,
      '409 INSUFFICIENT_STOCK available=0': CALLERS - STOCK,
    });
    expect(await quantityOf(inventoryId)).toBe(0);
    const taken = (await ledgerOf(inventoryId)).filter((row) => row.delta < 0);
    expect(taken).toHaveLength(STOCK);
    expect(taken.every((row) => row.delta === -1 && row.reason === 'ADJUSTMENT')).toBe(true);
    expect(await ledgerMismatches(t)).toEqual([]);
    expect(mostWaiting).toBeGreaterThan(1);
  });
});
