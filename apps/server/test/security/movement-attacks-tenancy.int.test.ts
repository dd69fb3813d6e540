/**
 * Security review of the stock movement API: another business's ids.
 *
 * Threat: a signed-in owner of business M (Mallory) who learned ids of business V (Victim): a
 * movement id read off a printed transfer document's QR code, a batch id, V's location ids, V's
 * SKUs, even the codes themselves (a driver who carried V's stock). Every path and query that
 * names a row is tried with V's value, alone and mixed with M's own. Each must answer 404 (never
 * 403, which would tell the id exists) naming nothing of V's, and must change nothing: movements,
 * ledger, stock, products, audit log and idempotency keys are compared before and after. Then the
 * second wall: row-level security hides V's movements from a repository handed V's business id.
 */
import { randomUUID } from 'node:crypto';
import type { TCreatedMovements } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/platform/auth/principal.js';
import { inTenant } from '../../src/platform/db/tenancy.js';
import { findViews, lockMovements } from '../../src/modules/stock-movements/stock-movements.repository.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness } from '../factories/accounts.js';
import {
  createMovement,
  movementFingerprint,
  movementSetUp,
  unbalancedItems,
  validate,
} from '../factories/movements.js';
import { expectError } from './catalogue-kit.js';

let t: TestApp;
let victim: Awaited<ReturnType<typeof ownerWithBusiness>>;
let mallory: Awaited<ReturnType<typeof ownerWithBusiness>>;
let v: Awaited<ReturnType<typeof movementSetUp>>;
let m: Awaited<ReturnType<typeof movementSetUp>>;
/** V's: one movement waiting, one on its way, and a batch; M's own: one waiting. */
let vPending: TCreatedMovements;
let vTransit: TCreatedMovements;
let vBatch: TCreatedMovements;
let mine: TCreatedMovements;

const idOf = (created: TCreatedMovements) => created.movements[0]?.id ?? '';

beforeAll(async () => {
  t = await buildTestApp();
  victim = await ownerWithBusiness(t, 'Victim Traders');
  mallory = await ownerWithBusiness(t, 'Mallory Goods');
  v = await movementSetUp(t, victim, { quantity: 50, sku: 'SHARED-SKU' });
  m = await movementSetUp(t, mallory, { quantity: 50, sku: 'SHARED-SKU' });
  const move = (setUp: typeof v, quantity: number) => ({
    sku: setUp.product.sku,
    sourceLocationId: setUp.source.id,
    destinationLocationId: setUp.destination.id,
    quantity,
  });
  vPending = await createMovement(t, victim.token, move(v, 2));
  vTransit = await createMovement(t, victim.token, move(v, 3));
  await validate(t, victim.token, 'source', idOf(vTransit), vTransit.sourceValidationCode);
  vBatch = await createMovement(t, victim.token, { items: [move(v, 1), move(v, 1)] });
  mine = await createMovement(t, mallory.token, move(m, 1));
});
afterAll(async () => {
  expect(await unbalancedItems(t)).toEqual([]);
  await t.close();
});

type Attack = {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  json?: unknown;
  headers?: Record<string, string>;
};

const ATTACKS: Array<[string, () => Attack]> = [
  ['GET a movement', () => ({ method: 'GET', url: `/api/stock-movement/${idOf(vPending)}` })],
  ['GET a batch', () => ({ method: 'GET', url: `/api/stock-movement/batch/${vBatch.batchId}` })],
  [
    'GET a document with the right codes',
    () => ({
      method: 'GET',
      url: `/api/stock-movement/${idOf(vPending)}/document`,
      headers: {
        'x-source-validation-code': vPending.sourceValidationCode,
        'x-destination-validation-code': vPending.destinationValidationCode,
      },
    }),
  ],
  [
    'validate at the source with the right code',
    () => ({
      method: 'PUT',
      url: `/api/stock-movement/validate-source/${idOf(vPending)}?validationCode=${vPending.sourceValidationCode}`,
    }),
  ],
  [
    'validate at the destination with the right code',
    () => ({
      method: 'PUT',
      url: `/api/stock-movement/validate-destination/${idOf(vTransit)}?validationCode=${vTransit.destinationValidationCode}`,
    }),
  ],
  [
    'validate at the source with a wrong code (would count a try)',
    () => ({
      method: 'PUT',
      url: `/api/stock-movement/validate-source/${idOf(vPending)}?validationCode=000000`,
    }),
  ],
  [
    'cancel a movement on its way',
    () => ({ method: 'PUT', url: `/api/stock-movement/cancel/${idOf(vTransit)}` }),
  ],
  [
    'validate a batch with the right code',
    () => ({
      method: 'PUT',
      url: `/api/stock-movement/batch/validate-source?batchId=${vBatch.batchId}&validationCode=${vBatch.sourceValidationCode}`,
    }),
  ],
  [
    'cancel a list mixing its own movement with the victim’s',
    () => ({
      method: 'PUT',
      url: `/api/stock-movement/batch/cancel?movementIds=${idOf(mine)}&movementIds=${idOf(vTransit)}`,
    }),
  ],
  [
    'move the victim’s SKU out of the victim’s location into its own',
    () => ({
      method: 'POST',
      url: '/api/stock-movement/create',
      json: {
        sku: 'SHARED-SKU',
        sourceLocationId: v.source.id,
        destinationLocationId: m.destination.id,
        quantity: 1,
      },
    }),
  ],
  [
    'move its own stock into the victim’s location',
    () => ({
      method: 'POST',
      url: '/api/stock-movement/create',
      json: {
        sku: 'SHARED-SKU',
        sourceLocationId: m.source.id,
        destinationLocationId: v.destination.id,
        quantity: 1,
      },
    }),
  ],
  [
    'a batch with one item from the victim’s location',
    () => ({
      method: 'POST',
      url: '/api/stock-movement/create',
      json: {
        items: [
          {
            sku: 'SHARED-SKU',
            sourceLocationId: m.source.id,
            destinationLocationId: m.destination.id,
            quantity: 1,
          },
          {
            sku: 'SHARED-SKU',
            sourceLocationId: v.source.id,
            destinationLocationId: m.destination.id,
            quantity: 1,
          },
        ],
      },
    }),
  ],
  [
    'SKU suggestions at the victim’s location',
    () => ({ method: 'GET', url: `/api/stock-movement/search/sku?locationId=${v.source.id}&query=SH` }),
  ],
];

describe('SECURITY stock movements: another business’s ids', () => {
  it.each(ATTACKS)('%s: 404, naming nothing of the victim, and nothing changes', async (_name, build) => {
    const attack = build();
    const before = await movementFingerprint(t);
    const res = await t.app.inject({
      method: attack.method,
      url: attack.url,
      headers: { ...bearer(mallory.token), ...attack.headers },
      ...(attack.json === undefined ? {} : { payload: attack.json as object }),
    });
    expectError(res, 404, 'NOT_FOUND');
    for (const secret of [v.source.name, v.destination.name, 'Victim', idOf(vPending)]) {
      expect(res.body).not.toContain(secret);
    }
    expect(await movementFingerprint(t)).toEqual(before);
  });

  it('never lists the victim’s movements, filters or not', async () => {
    for (const query of ['', `?locationId=${v.source.id}`, `?batchId=${vBatch.batchId}`, '?search=SHARED']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/stock-movement/all${query}`,
        headers: bearer(mallory.token),
      });
      expect(res.statusCode).toBe(200);
      const ids = res.json<{ content: Array<{ id: string }> }>().content.map((movement) => movement.id);
      expect(
        ids.every((id) => id === idOf(mine)),
        query,
      ).toBe(true);
    }
    const weekly = await t.app.inject({
      method: 'GET',
      url: '/api/stock-movement/weekly-movement/business',
      headers: bearer(mallory.token),
    });
    expect(weekly.json<Array<{ unitsOut: number }>>().every((week) => week.unitsOut === 0)).toBe(true);
  });

  it('leaves the victim’s movements as they were: no try counted, nothing moved', async () => {
    const { rows } = await t.sql(
      `select status, failed_attempts from stock_movements where business_id = $1 order by created_at, id`,
      [victim.businessId],
    );
    expect(rows).toEqual([
      { status: 'PENDING', failed_attempts: 0 },
      { status: 'IN_TRANSIT', failed_attempts: 0 },
      { status: 'PENDING', failed_attempts: 0 },
      { status: 'PENDING', failed_attempts: 0 },
    ]);
  });

  it('hides the victim’s movements from a repository told the victim’s business (row-level security)', async () => {
    const principal: Principal = {
      userId: mallory.userId,
      businessId: mallory.businessId,
      roles: ['ROLE_BUSINESS_OWNER'],
      tokenVersion: 0,
      tokenId: randomUUID(),
      expiresAt: new Date(Date.now() + 60_000),
    };
    const seen = await inTenant(t.database.db, principal, async (scope) => {
      const forged = { tx: scope.tx, businessId: victim.businessId };
      return {
        locked: await lockMovements(forged, { ids: [idOf(vPending), idOf(vTransit)] }),
        batch: await findViews(forged, { batchId: vBatch.batchId ?? '' }),
      };
    });
    expect(seen).toEqual({ locked: [], batch: [] });
  });
});
