/**
 * The inventory benchmark of issue 9 (item 7), on the running server's database:
 *
 * a. decrements per second through the stock function (inTenant + changeStock, as a route calls
 *    it) on one hot item and spread over 10,000 items, beside the same UPDATE through bare `pg`
 *    in the same run (decrements.ts); target: the stock function >= 0.5 of bare;
 * b. the stock page of a location holding 50,000 items, GET /api/inventory/page/location/{id} at
 *    page 0 and page 2,000 (size 10), at 50 connections with autocannon, beside a bare Fastify +
 *    `pg` server sending the same SQL (inventory-pg-server.ts); targets: p99 < 25 ms, page 2,000
 *    no slower than 1.5x page 0 (p99).
 *
 * Every row is measured in interleaved rounds and reported as the median of the rounds.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { requestRoleUrl, ownerWithBusiness, type FullStack } from '../http/full-stack.js';
import type { LoadResult, LoadSettings } from '../http/load.js';
import type { Cleanup } from '../http/processes.js';
import { ratioCheck, type Check } from './bench-checks.js';
import {
  measureDecrements,
  openSides,
  SIDES,
  type DecrementResult,
  type DecrementSettings,
  type DecrementTarget,
} from './decrements.js';
import { generateInventory, type InventoryShape } from './generate.js';
import { adjustTargets, measureAdjust } from './adjust-bench.js';
import { measurePages } from './page-bench.js';

export const DECREMENT_RATIO_TARGET = 0.5;

export type InventoryReport = {
  shape: InventoryShape;
  generation: { items: number; seconds: number };
  decrementSettings: DecrementSettings;
  decrements: DecrementResult[];
  /** Items of the stock function whose quantity differs from their ledger after the run. */
  ledgerMismatches: number;
  pageSettings: LoadSettings;
  page: LoadResult[];
  /** PUT adjust through the full stack (information: the whole route, no bare twin). */
  adjust: LoadResult[];
  pageSkipped: string | null;
  checks: Check[];
  notes: string[];
};

export async function runInventoryBenchmark(options: {
  repoRoot: string;
  stack: FullStack;
  dataDir: string;
  shape: InventoryShape;
  decrementSettings: DecrementSettings;
  pageSettings: LoadSettings;
  rounds: number;
  cleanup: Cleanup;
  log: (line: string) => void;
}): Promise<InventoryReport> {
  const { repoRoot, stack, dataDir, shape, decrementSettings, pageSettings, rounds, cleanup, log } = options;
  const owner = await ownerWithBusiness(stack, dataDir, {
    email: `inventory-bench-${Date.now()}@example.com`,
    businessName: 'Benchmark Stores',
  });
  log(`generating ${shape.itemsPerLocation} items (+${shape.otherBusinesses} other businesses) ...`);
  const generated = await generateInventory(stack.databaseUrl, owner, shape, log);
  log(`generated ${generated.items} items in ${generated.seconds.toFixed(1)} s`);
  const report: InventoryReport = {
    shape,
    generation: { items: generated.items, seconds: generated.seconds },
    decrementSettings,
    decrements: [],
    ledgerMismatches: 0,
    pageSettings,
    page: [],
    adjust: [],
    pageSkipped: null,
    checks: [],
    notes: [],
  };

  // a. Decrements.
  const requestUrl = await requestRoleUrl(stack, dataDir);
  const principal = {
    userId: owner.userId,
    businessId: owner.businessId,
    roles: ['ROLE_BUSINESS_OWNER' as const],
    tokenVersion: 0,
    tokenId: randomUUID(),
    expiresAt: new Date(Date.now() + 24 * 3_600_000),
  };
  const sides = await openSides({
    ownerUrl: stack.databaseUrl,
    requestUrl,
    principal,
    callers: decrementSettings.callers,
  });
  cleanup.add('close the decrement pools', () => sides.close());
  const targets: Record<'function' | 'bare', DecrementTarget[]> = {
    function: [
      { name: 'hot', locationId: generated.hot.locationId, productIds: [generated.hot.functionProductId] },
      { name: 'spread', locationId: generated.warehouseId, productIds: generated.spread.functionProductIds },
    ],
    bare: [
      { name: 'hot', locationId: generated.hot.locationId, productIds: [generated.hot.bareProductId] },
      { name: 'spread', locationId: generated.warehouseId, productIds: generated.spread.bareProductIds },
    ],
  };
  for (let round = 1; round <= rounds; round++) {
    log(`decrements round ${round} of ${rounds}`);
    for (const index of [0, 1]) {
      for (const side of [sides.stockFunction, ...sides.bare]) {
        const target = (side === sides.stockFunction ? targets.function : targets.bare)[index];
        if (!target) continue;
        log(`measuring ${side.name}, ${target.name} ...`);
        report.decrements.push(await measureDecrements(side, target, decrementSettings));
      }
    }
  }
  await sides.close();
  report.ledgerMismatches = await countLedgerMismatches(stack.databaseUrl, owner.businessId, [
    generated.hot.functionProductId,
    ...generated.spread.functionProductIds,
  ]);
  const perSecond = (side: string, target: string) =>
    report.decrements.filter((r) => r.side === side && r.target === target).map((r) => r.perSecond);
  for (const target of ['hot', 'spread'] as const) {
    const label =
      target === 'hot' ? 'one hot item' : `spread over ${shape.spreadItems.toLocaleString('en')} items`;
    report.checks.push(
      ratioCheck(
        `decrements/s stock function / bare UPDATE, ${label}`,
        perSecond(SIDES.stockFunction, target),
        perSecond(SIDES.bare, target),
        DECREMENT_RATIO_TARGET,
        '>=',
      ),
      ratioCheck(
        `  why: bare UPDATE in a transaction (owner) / bare UPDATE, ${target}`,
        perSecond(SIDES.bareTransaction, target),
        perSecond(SIDES.bare, target),
        undefined,
        '>=',
      ),
      ratioCheck(
        `  why: bare UPDATE as the tenant / bare UPDATE in a transaction (owner), ${target}`,
        perSecond(SIDES.bareTenant, target),
        perSecond(SIDES.bareTransaction, target),
        undefined,
        '>=',
      ),
      ratioCheck(
        `  why: bare stock SQL (with the ledger row) / bare UPDATE as the tenant, ${target}`,
        perSecond(SIDES.bareStockSql, target),
        perSecond(SIDES.bareTenant, target),
        undefined,
        '>=',
      ),
      ratioCheck(
        `  why: stock function / bare stock SQL (its JavaScript), ${target}`,
        perSecond(SIDES.stockFunction, target),
        perSecond(SIDES.bareStockSql, target),
        undefined,
        '>=',
      ),
    );
  }
  for (const result of report.decrements) {
    if (result.errors > 0)
      report.notes.push(`${result.side}, ${result.target}: ${result.errors} calls failed`);
  }
  if (report.ledgerMismatches > 0)
    report.notes.push(`${report.ledgerMismatches} items of the stock function no longer equal their ledger`);

  // b. The stock page of the 50,000-item location.
  // c. The adjust route on the same items (information).
  const adjustOn = await adjustTargets(stack.databaseUrl, owner.businessId, generated);
  for (let round = 1; round <= rounds; round++) {
    for (const [target, ids] of [
      ['one hot item', adjustOn.hot],
      [`spread over ${adjustOn.spread.length.toLocaleString('en')} items`, adjustOn.spread],
    ] as const) {
      const name = `full stack  PUT adjust (delta -1), ${target}`;
      log(`measuring ${name} ...`);
      report.adjust.push(
        await measureAdjust(stack, owner.token, name, [...ids], {
          connections: decrementSettings.callers,
          warmupSeconds: decrementSettings.warmupSeconds,
          durationSeconds: decrementSettings.durationSeconds,
        }),
      );
    }
  }
  for (const result of report.adjust) {
    if (result.non2xx > 0 || result.errors > 0)
      report.notes.push(`${result.name}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  }

  await measurePages({
    repoRoot,
    stack,
    requestUrl,
    owner,
    generated,
    pageSettings,
    rounds,
    cleanup,
    log,
    report,
  });
  return report;
}

async function countLedgerMismatches(
  ownerUrl: string,
  businessId: string,
  productIds: string[],
): Promise<number> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from inventory_items i
       left join (select inventory_id, sum(delta) as total from stock_ledger where business_id = $1 group by inventory_id) l
         on l.inventory_id = i.id
       where i.business_id = $1 and i.product_id = any($2::uuid[]) and i.quantity <> coalesce(l.total, 0)`,
      [businessId, productIds],
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}
