import { randomUUID } from 'node:crypto';
import { API, type TCreatedMovements } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../build-app.js';
import { bearer } from '../factories/accounts.js';

/**
 * The random work of the stock soak test: workers that, until a deadline, create movements
 * (single and batch), validate them at the source and the destination, cancel them in both
 * states, adjust stock (one item, several at once, and retries with the same Idempotency-Key)
 * and set counted quantities, all through the real routes. Every answer is recorded by action,
 * status and code; what a worker believes about a movement is only a guide to what to try next,
 * other workers race it, and the database decides.
 */

export type SoakItem = { inventoryId: string; locationId: string; sku: string };

type Movement = {
  id: string;
  batchId: string | null;
  sourceCode: string;
  destinationCode: string;
  status: 'PENDING' | 'IN_TRANSIT' | 'DONE';
};

export type SoakWorld = {
  t: TestApp;
  token: string;
  locationIds: string[];
  /** SKUs and where each is stocked at the start (movements may take one to a new place). */
  skus: Array<{ sku: string; locationIds: string[] }>;
  items: SoakItem[];
};

export type SoakRecord = {
  /** `${action} ${status} ${code}` -> how many. */
  outcomes: Map<string, number>;
  /** Every 5xx answer, with what was asked. */
  serverErrors: string[];
  /** Answers that break a rule without a 5xx (one Idempotency-Key answered two ways). */
  anomalies: string[];
  /** Sum of the deltas of the adjustments that were applied (once per Idempotency-Key). */
  adjusted: number;
};

const REASONS = ['RECEIVED', 'DAMAGED', 'FOUND', 'CORRECTION', 'LOST'] as const;

function pick<T>(list: readonly T[]): T {
  const value = list[Math.floor(Math.random() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

function between(low: number, high: number): number {
  return low + Math.floor(Math.random() * (high - low + 1));
}

export function createSoak(world: SoakWorld) {
  const movements: Movement[] = [];
  const batches = new Map<string, Movement[]>();
  const record: SoakRecord = { outcomes: new Map(), serverErrors: [], anomalies: [], adjusted: 0 };

  async function call(
    action: string,
    method: 'PUT' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await world.t.app.inject({
      method,
      url,
      headers: { ...bearer(world.token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const code = res.statusCode >= 400 ? String(res.json<{ code?: string }>().code) : '';
    const key = `${action} ${res.statusCode} ${code}`.trim();
    record.outcomes.set(key, (record.outcomes.get(key) ?? 0) + 1);
    if (res.statusCode >= 500)
      record.serverErrors.push(
        `${method} ${url} ${JSON.stringify(payload)} -> ${res.statusCode} ${res.body}`,
      );
    return res;
  }

  const isOk = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

  function movementItem() {
    const { sku, locationIds } = pick(world.skus);
    const sourceLocationId = pick(locationIds);
    const destinationLocationId = pick(world.locationIds.filter((id) => id !== sourceLocationId));
    return { sku, sourceLocationId, destinationLocationId, quantity: between(1, 8) };
  }

  function remember(created: TCreatedMovements): Movement[] {
    const made = created.movements.map((movement) => ({
      id: movement.id,
      batchId: created.batchId,
      sourceCode: created.sourceValidationCode,
      destinationCode: created.destinationValidationCode,
      status: 'PENDING' as const,
    }));
    movements.push(...made);
    if (created.batchId) batches.set(created.batchId, made);
    return made;
  }

  function candidate(statuses: ReadonlyArray<Movement['status']>): Movement | undefined {
    const open = movements.filter((movement) => statuses.includes(movement.status));
    return open.length ? pick(open) : undefined;
  }

  const actions: Array<{ weight: number; run: () => Promise<void> }> = [
    {
      weight: 14,
      run: async () => {
        const res = await call('create', 'POST', API.stockMovements.create, movementItem());
        if (isOk(res)) remember(res.json<TCreatedMovements>());
      },
    },
    {
      weight: 5,
      run: async () => {
        const items = Array.from({ length: between(2, 4) }, movementItem);
        const res = await call('create batch', 'POST', API.stockMovements.create, { items });
        if (isOk(res)) remember(res.json<TCreatedMovements>());
      },
    },
    {
      weight: 15,
      run: async () => {
        const movement = candidate(['PENDING']);
        if (!movement) return;
        const url = `${API.stockMovements.validateSource.replace(':id', movement.id)}?validationCode=${movement.sourceCode}`;
        if (isOk(await call('validate source', 'PUT', url))) movement.status = 'IN_TRANSIT';
      },
    },
    {
      weight: 12,
      run: async () => {
        const movement = candidate(['IN_TRANSIT']);
        if (!movement) return;
        const url = `${API.stockMovements.validateDestination.replace(':id', movement.id)}?validationCode=${movement.destinationCode}`;
        if (isOk(await call('validate destination', 'PUT', url))) movement.status = 'DONE';
      },
    },
    {
      weight: 6,
      run: async () => {
        const movement = candidate(['PENDING', 'IN_TRANSIT']);
        if (!movement) return;
        const action = movement.status === 'PENDING' ? 'cancel pending' : 'cancel in transit';
        const res = await call(action, 'PUT', API.stockMovements.cancel.replace(':id', movement.id));
        if (isOk(res)) movement.status = 'DONE';
      },
    },
    ...(['source', 'destination'] as const).map((end) => ({
      weight: 3,
      run: async () => {
        const batch = [...batches.values()].filter((members) =>
          members.some((m) => m.status === (end === 'source' ? 'PENDING' : 'IN_TRANSIT')),
        );
        if (!batch.length) return;
        const members = pick(batch);
        const first = members[0];
        if (!first?.batchId) return;
        const path =
          end === 'source'
            ? API.stockMovements.batchValidateSource
            : API.stockMovements.batchValidateDestination;
        const code = end === 'source' ? first.sourceCode : first.destinationCode;
        const res = await call(
          `batch validate ${end}`,
          'PUT',
          `${path}?batchId=${first.batchId}&validationCode=${code}`,
        );
        if (isOk(res)) for (const m of members) m.status = end === 'source' ? 'IN_TRANSIT' : 'DONE';
      },
    })),
    {
      weight: 3,
      run: async () => {
        const chosen = Array.from({ length: between(1, 3) }, () =>
          candidate(['PENDING', 'IN_TRANSIT']),
        ).filter((m): m is Movement => m !== undefined);
        const ids = [...new Set(chosen.map((m) => m.id))];
        if (!ids.length) return;
        const query = ids.map((id) => `movementIds=${id}`).join('&');
        const res = await call('batch cancel', 'PUT', `${API.stockMovements.batchCancel}?${query}`);
        if (isOk(res)) for (const m of chosen) m.status = 'DONE';
      },
    },
    {
      weight: 14,
      run: async () => {
        const item = pick(world.items);
        const delta = pick([-5, -3, -2, -1, 1, 2, 3, 6]);
        const url = API.inventory.adjust.replace(':id', item.inventoryId);
        const res = await call('adjust', 'PUT', url, { delta, reason: pick(REASONS) });
        if (isOk(res)) record.adjusted += delta;
      },
    },
    {
      // The same adjustment sent twice at once with one Idempotency-Key: applied once, same answer.
      weight: 4,
      run: async () => {
        const item = pick(world.items);
        const delta = pick([-2, -1, 1, 4]);
        const url = API.inventory.adjust.replace(':id', item.inventoryId);
        const headers = { 'idempotency-key': randomUUID() };
        const payload = { delta, reason: 'CORRECTION' };
        const [a, b] = await Promise.all([
          call('adjust with a repeated key', 'PUT', url, payload, headers),
          call('adjust with a repeated key', 'PUT', url, payload, headers),
        ]);
        // Applied at most once (the ledger check counts it), and a stored answer is repeated as
        // it was. A refusal is not stored (idempotency.ts: a key exists only once its change
        // committed), so the twin that ran after a 409 may succeed: that one then counts.
        if (isOk(a) && isOk(b) && a.body !== b.body)
          record.anomalies.push(`one Idempotency-Key, two answers: ${a.body} / ${b.body}`);
        if (isOk(a) || isOk(b)) record.adjusted += delta;
      },
    },
    {
      weight: 6,
      run: async () => {
        const chosen = [
          ...new Map(
            Array.from({ length: between(2, 5) }, () => pick(world.items)).map((i) => [i.inventoryId, i]),
          ).values(),
        ];
        const changes = chosen.map((item) => ({
          inventoryId: item.inventoryId,
          delta: pick([-3, -1, 2, 5]),
          reason: pick(REASONS),
        }));
        const res = await call('adjust many', 'PUT', API.inventory.adjustMany, changes);
        if (isOk(res)) record.adjusted += changes.reduce((sum, change) => sum + change.delta, 0);
      },
    },
    {
      weight: 6,
      run: async () => {
        const item = pick(world.items);
        const url = API.inventory.atLocation
          .replace(':id', item.inventoryId)
          .replace(':locationId', item.locationId);
        await call('count', 'PUT', url, { quantity: between(0, 120) });
      },
    },
  ];
  const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);

  function nextAction(): () => Promise<void> {
    let roll = Math.random() * totalWeight;
    for (const action of actions) {
      roll -= action.weight;
      if (roll < 0) return action.run;
    }
    return actions[0]?.run ?? (async () => undefined);
  }

  /** `workers` loops of random actions until `deadline` (ms since the epoch). */
  async function run(workers: number, deadline: number): Promise<SoakRecord> {
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (Date.now() < deadline) await nextAction()();
      }),
    );
    return record;
  }

  return { run };
}
