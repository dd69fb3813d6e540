/**
 * Security review of the stock movement API: staff of the same business with too little right.
 *
 * Threat: a member of staff whose role reads inventory only (or belongs to another area: products,
 * loyalty, analytics) who holds a movement's codes anyway (they were shown the printed document)
 * and tries to move stock, validate, or get a locked movement out of the way; and a store
 * assistant, who validates, trying to cancel a movement locked by wrong codes (only an inventory
 * admin may). Each refusal must change nothing: movements, ledger, stock, products, audit log and
 * idempotency keys are compared before and after.
 */
import type { Role, TCreatedMovements } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffTokensByRole } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import {
  createMovement,
  downloadDocument,
  movementFingerprint,
  movementSetUp,
  otherCode,
  pdfText,
  unbalancedItems,
  validate,
} from '../factories/movements.js';
import { expectError } from './catalogue-kit.js';

const LOWER_ROLES = {
  reader: 'ROLE_INVENTORY_READER',
  productAdmin: 'ROLE_PRODUCT_ADMIN',
  loyaltyAdmin: 'ROLE_LOYALTY_ADMIN',
  analyticsAdmin: 'ROLE_ANALYTICS_ADMIN',
} as const satisfies Record<string, Role>;

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let lower: Record<keyof typeof LOWER_ROLES, string>;
let helpers: { assistant: string; contributor: string };
let world: Awaited<ReturnType<typeof movementSetUp>>;
let pending: TCreatedMovements;
let transit: TCreatedMovements;
let batch: TCreatedMovements;

const idOf = (created: TCreatedMovements) => created.movements[0]?.id ?? '';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  await setPlan(t, owner.businessId, 'SUPREME');
  lower = await staffTokensByRole(t, owner.token, LOWER_ROLES);
  helpers = await staffTokensByRole(t, owner.token, {
    assistant: 'ROLE_STORE_ASSISTANT',
    contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
  });
  world = await movementSetUp(t, owner, { quantity: 50 });
  const move = (quantity: number) => ({
    sku: world.product.sku,
    sourceLocationId: world.source.id,
    destinationLocationId: world.destination.id,
    quantity,
  });
  pending = await createMovement(t, owner.token, move(2));
  transit = await createMovement(t, owner.token, move(3));
  await validate(t, owner.token, 'source', idOf(transit), transit.sourceValidationCode);
  batch = await createMovement(t, owner.token, { items: [move(1), move(1)] });
});
afterAll(async () => {
  expect(await unbalancedItems(t)).toEqual([]);
  await t.close();
});

type Attack = { method: 'PUT' | 'POST'; url: string; json?: unknown };

/** Writes a lower role tries, each with the right code where one is needed. */
const WRITES: Array<[string, () => Attack]> = [
  [
    'create a movement',
    () => ({
      method: 'POST',
      url: '/api/stock-movement/create',
      json: {
        sku: world.product.sku,
        sourceLocationId: world.source.id,
        destinationLocationId: world.destination.id,
        quantity: 1,
      },
    }),
  ],
  [
    'validate at the source',
    () => ({
      method: 'PUT',
      url: `/api/stock-movement/validate-source/${idOf(pending)}?validationCode=${pending.sourceValidationCode}`,
    }),
  ],
  [
    'validate at the destination',
    () => ({
      method: 'PUT',
      url: `/api/stock-movement/validate-destination/${idOf(transit)}?validationCode=${transit.destinationValidationCode}`,
    }),
  ],
  [
    'validate a batch',
    () => ({
      method: 'PUT',
      url: `/api/stock-movement/batch/validate-source?batchId=${batch.batchId}&validationCode=${batch.sourceValidationCode}`,
    }),
  ],
  ['cancel a movement', () => ({ method: 'PUT', url: `/api/stock-movement/cancel/${idOf(transit)}` })],
  [
    'cancel a list',
    () => ({ method: 'PUT', url: `/api/stock-movement/batch/cancel?movementIds=${idOf(pending)}` }),
  ],
];

describe('SECURITY stock movements: lower roles', () => {
  const cases = Object.keys(LOWER_ROLES).flatMap((role) =>
    WRITES.map(([name, build]) => [role as keyof typeof LOWER_ROLES, name, build] as const),
  );

  it.each(cases)(
    '%s cannot %s (403), even with the codes, and nothing changes',
    async (role, _name, build) => {
      const attack = build();
      const before = await movementFingerprint(t);
      const res = await t.app.inject({
        method: attack.method,
        url: attack.url,
        headers: { ...bearer(lower[role]), 'idempotency-key': `attack-${role}` },
        ...(attack.json === undefined ? {} : { payload: attack.json as object }),
      });
      expectError(res, 403, 'FORBIDDEN');
      expect(await movementFingerprint(t)).toEqual(before);
    },
  );

  it('gives a reader holding the codes a document without them, and marks nothing printed', async () => {
    const res = await downloadDocument(t, lower.reader, idOf(pending), {
      source: pending.sourceValidationCode,
      destination: pending.destinationValidationCode,
    });
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).not.toContain(pending.sourceValidationCode);
    const { rows } = await t.sql(
      `select codes_printed_at, failed_attempts from stock_movements where id = $1`,
      [idOf(pending)],
    );
    expect(rows[0]).toEqual({ codes_printed_at: null, failed_attempts: 0 });
  });

  it('keeps a movement locked by wrong codes from the roles that validate but do not administer', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      await validate(
        t,
        helpers.assistant,
        'destination',
        idOf(transit),
        otherCode(transit.destinationValidationCode),
      );
    }
    const before = await movementFingerprint(t);
    for (const token of [helpers.assistant, helpers.contributor]) {
      for (const url of [
        `/api/stock-movement/cancel/${idOf(transit)}`,
        `/api/stock-movement/batch/cancel?movementIds=${idOf(transit)}`,
        `/api/stock-movement/validate-destination/${idOf(transit)}?validationCode=${transit.destinationValidationCode}`,
      ]) {
        const res = await t.app.inject({ method: 'PUT', url, headers: bearer(token) });
        expectError(res, 409, 'MOVEMENT_LOCKED');
      }
    }
    expect(await movementFingerprint(t)).toEqual(before);
    const { rows } = await t.sql(`select status from stock_movements where id = $1`, [idOf(transit)]);
    expect(rows[0].status).toBe('IN_TRANSIT');
  });
});
