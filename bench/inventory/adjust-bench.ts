/**
 * Information rows of the inventory benchmark: PUT /api/inventory/{id}/adjust (delta -1) through
 * the full stack at the decrement callers' concurrency, on the stock function's hot item and
 * spread over its 10,000 items. No bare twin: this is the whole route (guard, Idempotency-less
 * claim, the stock change, its audit row, the answer), and on the hot item how long the route
 * holds the row lock decides the rate.
 */
import autocannon from 'autocannon';
import { API } from '@app/contracts';
import pg from 'pg';
import type { FullStack } from '../http/full-stack.js';
import type { LoadResult } from '../http/load.js';
import type { GeneratedInventory } from './generate.js';

export type AdjustSettings = { connections: number; warmupSeconds: number; durationSeconds: number };

/** The inventory ids of the stock function's hot item and spread items. */
export async function adjustTargets(
  ownerUrl: string,
  businessId: string,
  generated: GeneratedInventory,
): Promise<{ hot: string[]; spread: string[] }> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const ids = async (productIds: string[]) =>
      (
        await client.query<{ id: string }>(
          'select id from inventory_items where business_id = $1 and product_id = any($2::uuid[])',
          [businessId, productIds],
        )
      ).rows.map((row) => row.id);
    return {
      hot: await ids([generated.hot.functionProductId]),
      spread: await ids(generated.spread.functionProductIds),
    };
  } finally {
    await client.end();
  }
}

export async function measureAdjust(
  stack: FullStack,
  token: string,
  name: string,
  inventoryIds: string[],
  settings: AdjustSettings,
): Promise<LoadResult> {
  const pathOf = () =>
    API.inventory.adjust.replace(':id', inventoryIds[Math.floor(Math.random() * inventoryIds.length)] ?? '');
  const run = (seconds: number) =>
    autocannon({
      url: stack.baseUrl,
      connections: settings.connections,
      duration: seconds,
      requests: [
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ delta: -1, reason: 'DAMAGED' }),
          setupRequest: (request) => ({ ...request, path: pathOf() }),
        },
      ],
    });
  if (settings.warmupSeconds > 0) await run(settings.warmupSeconds);
  const result = await run(settings.durationSeconds);
  return {
    name,
    url: `${stack.baseUrl}${API.inventory.adjust}`,
    requestsPerSecond: result.requests.average,
    latencyAverageMs: result.latency.average,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
}
