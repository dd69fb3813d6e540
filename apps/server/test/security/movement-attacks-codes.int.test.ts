/**
 * Security review of the stock movement API: guessing the 6-digit codes.
 *
 * Threat: a member of staff allowed to validate (a store assistant) who was not given the codes
 * and tries to get stock out of a warehouse anyway: guessing across many movements at once, in
 * parallel, through every route that checks a code (single and batch validation at either end,
 * the document's code headers), with fresh Idempotency-Keys so no retry is "the same request",
 * and with the codes of one movement on another. A million codes per end make guessing hopeless
 * only if every wrong try counts: each movement must take at most 5 wrong tries in all, move no
 * stock, and stay locked until an inventory admin cancels it. The codes must appear nowhere the
 * attacker (or a database reader) could look: answers, audit log, stored retry answers.
 */
import type { TCreatedMovements } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffTokensByRole } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import {
  createMovement,
  downloadDocument,
  movementSetUp,
  quantityOf,
  unbalancedItems,
  validate,
  validateBatch,
} from '../factories/movements.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let assistant: string;
let world: Awaited<ReturnType<typeof movementSetUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  await setPlan(t, owner.businessId, 'SUPREME');
  ({ assistant } = await staffTokensByRole(t, owner.token, { assistant: 'ROLE_STORE_ASSISTANT' }));
  world = await movementSetUp(t, owner, { quantity: 500 });
});
afterAll(async () => {
  expect(await unbalancedItems(t)).toEqual([]);
  await t.close();
});

const move = (quantity: number) => ({
  sku: world.product.sku,
  sourceLocationId: world.source.id,
  destinationLocationId: world.destination.id,
  quantity,
});

/** Codes that are not `avoid`, one after another from a starting point. */
function guesses(count: number, avoid: readonly string[], start = 0): string[] {
  const found: string[] = [];
  for (let n = start; found.length < count; n++) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!avoid.includes(code)) found.push(code);
  }
  return found;
}

describe('SECURITY stock movements: guessing codes', () => {
  it('gives parallel guessing across movements, routes and fresh keys at most 5 tries per movement', async () => {
    const singles: TCreatedMovements[] = [];
    for (let index = 0; index < 4; index++) singles.push(await createMovement(t, owner.token, move(10)));
    const batch = await createMovement(t, owner.token, { items: [move(10), move(10)] });
    const all = [...singles, batch];
    const known = all.flatMap((created) => [created.sourceValidationCode, created.destinationValidationCode]);
    const stockBefore = await quantityOf(t, owner.businessId, world.product.sku, world.source.id);

    const requests: Array<Promise<{ statusCode: number }>> = [];
    guesses(60, known).forEach((code, index) => {
      const key = { 'idempotency-key': `guess-${index}` };
      const target = singles[index % singles.length];
      if (index % 5 === 4) {
        requests.push(validateBatch(t, assistant, 'source', batch.batchId ?? '', code, key));
      } else if (target) {
        requests.push(validate(t, assistant, 'source', target.movements[0]?.id ?? '', code, key));
      }
    });
    // The batch's own members, guessed on their own too.
    for (const [index, code] of guesses(10, known, 500_000).entries()) {
      requests.push(validate(t, assistant, 'source', batch.movements[index % 2]?.id ?? '', code));
    }
    const answers = await Promise.all(requests);
    expect(answers.every((res) => res.statusCode === 400 || res.statusCode === 409)).toBe(true);

    const { rows } = await t.sql(
      `select status, failed_attempts, locked_at is not null as locked from stock_movements where business_id = $1`,
      [owner.businessId],
    );
    for (const row of rows) expect(row).toEqual({ status: 'PENDING', failed_attempts: 5, locked: true });
    // Each single took 5 wrong tries; the batch, whose members share one pair of codes, took 5 in
    // all, whether guessed as a batch or member by member. Every other guess met a lock.
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(4 * 5 + 5);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(stockBefore);

    // Even the right codes do nothing now.
    for (const created of singles) {
      const res = await validate(
        t,
        assistant,
        'source',
        created.movements[0]?.id ?? '',
        created.sourceValidationCode,
      );
      expect(res.statusCode).toBe(409);
    }
  });

  it('does not open a movement with the codes of another', async () => {
    const first = await createMovement(t, owner.token, move(1));
    const second = await createMovement(t, owner.token, move(1));
    const secondId = second.movements[0]?.id ?? '';
    const res = await validate(t, assistant, 'source', secondId, first.sourceValidationCode);
    // Two random draws may coincide (one in a million): then this proves nothing, and says so.
    if (first.sourceValidationCode !== second.sourceValidationCode) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WRONG_VALIDATION_CODE');
    }
    const { rows } = await t.sql(`select status from stock_movements where id = $1`, [secondId]);
    expect(rows[0].status).toBe('PENDING');
  });

  it('counts wrong pairs sent to the document by its creator, so it is no oracle either', async () => {
    const created = await createMovement(t, assistant, move(1));
    const id = created.movements[0]?.id ?? '';
    const known = [created.sourceValidationCode, created.destinationValidationCode];
    const answers = [];
    for (const code of guesses(7, known, 100)) {
      answers.push(
        (await downloadDocument(t, assistant, id, { source: code, destination: code })).statusCode,
      );
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 200, 200]);
    const { rows } = await t.sql(
      `select failed_attempts, codes_printed_at from stock_movements where id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ failed_attempts: 5, codes_printed_at: null });
  });

  it('keeps the codes out of every answer but the creation, and out of the audit log and stored retries', async () => {
    const created = await createMovement(t, owner.token, { items: [move(1)], note: 'watch the codes' });
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/stock-movement/create',
      headers: { ...bearer(owner.token), 'idempotency-key': 'codes-stay-sealed' },
      payload: move(1),
    });
    const codes = [
      created.sourceValidationCode,
      created.destinationValidationCode,
      retried.json<TCreatedMovements>().sourceValidationCode,
      retried.json<TCreatedMovements>().destinationValidationCode,
    ];
    const id = created.movements[0]?.id ?? '';
    const reads = [
      `/api/stock-movement/${id}`,
      `/api/stock-movement/batch/${created.batchId}`,
      '/api/stock-movement/all?size=100',
    ];
    for (const url of reads) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      for (const code of codes) expect(res.body, url).not.toContain(code);
    }
    const { rows } = await t.sql(
      `select string_agg(source_code_hash || destination_code_hash || coalesce(note, ''), '|') as movements,
              (select string_agg(description, '|') from audit_logs where business_id = $1) as audit,
              (select string_agg(response::text, '|') from idempotency_keys where business_id = $1) as retries
       from stock_movements where business_id = $1`,
      [owner.businessId],
    );
    for (const code of codes) {
      expect(rows[0].movements).not.toContain(code);
      expect(rows[0].audit).not.toContain(code);
      expect(rows[0].retries).not.toContain(code);
    }
  });
});
