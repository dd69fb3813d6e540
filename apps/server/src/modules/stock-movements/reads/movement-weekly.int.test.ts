import type { TWeeklyMovement } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, bearer, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { multipart } from '../../../../test/factories/multipart.js';
import { createMovement, movementSetUp, validate } from '../../../../test/factories/movements.js';

/**
 * The app's clock: validations are stamped by it and the summary counts back from it. It starts
 * at the real time, which signs the tokens; it moves only once everyone is signed in.
 */
let now = new Date();
const clock = { now: () => now };

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let rival: Awaited<ReturnType<typeof ownerWithBusiness>>;
let world: Awaited<ReturnType<typeof movementSetUp>>;
const call = apiCaller(() => t);

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t);
  rival = await ownerWithBusiness(t, 'Rival');
  world = await movementSetUp(t, owner, { quantity: 100 });
});
afterAll(async () => {
  await t.close();
});

/** Creates a movement of `quantity`, validated at the source at `out` and at the destination at `into`. */
async function moveAt(quantity: number, out: string, into: string | null) {
  now = new Date(out);
  const created = await createMovement(t, owner.token, {
    sku: world.product.sku,
    sourceLocationId: world.source.id,
    destinationLocationId: world.destination.id,
    quantity,
  });
  const id = created.movements[0]?.id ?? '';
  expect((await validate(t, owner.token, 'source', id, created.sourceValidationCode)).statusCode).toBe(200);
  if (into) {
    now = new Date(into);
    expect(
      (await validate(t, owner.token, 'destination', id, created.destinationValidationCode)).statusCode,
    ).toBe(200);
  }
}

describe('getWeeklyMovement', () => {
  it('answers the last 8 weeks from Monday, oldest first, units out at the source and in at the destination', async () => {
    await moveAt(5, '2024-03-11T08:00:00Z', '2024-03-12T15:00:00Z');
    // Out on the Sunday before (the previous week), in on Monday just after midnight.
    await moveAt(3, '2024-03-10T23:30:00Z', '2024-03-11T00:10:00Z');
    // Out before the window, in on its very first instant.
    await moveAt(7, '2024-01-14T12:00:00Z', '2024-01-22T00:00:00Z');
    // On its way: counts out only.
    await moveAt(2, '2024-02-14T09:00:00Z', null);

    now = new Date('2024-03-13T10:00:00Z');
    const res = await call('GET', '/api/stock-movement/weekly-movement/business', owner.token);
    expect(res.statusCode).toBe(200);
    const weeks: TWeeklyMovement[] = res.json();
    expect(weeks).toEqual([
      { weekStart: '2024-01-22', unitsOut: 0, unitsIn: 7 },
      { weekStart: '2024-01-29', unitsOut: 0, unitsIn: 0 },
      { weekStart: '2024-02-05', unitsOut: 0, unitsIn: 0 },
      { weekStart: '2024-02-12', unitsOut: 2, unitsIn: 0 },
      { weekStart: '2024-02-19', unitsOut: 0, unitsIn: 0 },
      { weekStart: '2024-02-26', unitsOut: 0, unitsIn: 0 },
      { weekStart: '2024-03-04', unitsOut: 3, unitsIn: 0 },
      { weekStart: '2024-03-11', unitsOut: 5, unitsIn: 8 },
    ]);

    // A week later the window has moved on by one week.
    now = new Date('2024-03-18T00:00:00Z');
    const later: TWeeklyMovement[] = (
      await call('GET', '/api/stock-movement/weekly-movement/business', owner.token)
    ).json();
    expect(later.map((week) => week.weekStart)).toEqual([
      '2024-01-29',
      '2024-02-05',
      '2024-02-12',
      '2024-02-19',
      '2024-02-26',
      '2024-03-04',
      '2024-03-11',
      '2024-03-18',
    ]);
    expect(later.at(-2)).toEqual({ weekStart: '2024-03-11', unitsOut: 5, unitsIn: 8 });
  });

  it("counts only the caller's business", async () => {
    now = new Date('2024-03-13T10:00:00Z');
    const weeks: TWeeklyMovement[] = (
      await call('GET', '/api/stock-movement/weekly-movement/business', rival.token)
    ).json();
    expect(weeks).toHaveLength(8);
    expect(weeks.every((week) => week.unitsOut === 0 && week.unitsIn === 0)).toBe(true);
  });
});

describe('getWeeklyMovement in the time zone of the business', () => {
  it('reads weeks from Monday midnight where the business is, not in UTC', async () => {
    const form = multipart([{ name: 'business', value: JSON.stringify({ timeZone: 'America/New_York' }) }]);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/businesses/${owner.businessId}`,
      headers: { ...form.headers, ...bearer(owner.token) },
      payload: form.payload,
    });
    expect(changed.statusCode).toBe(200);

    // 06:00 on Wednesday 13 March in New York. The movements of the first test, read there: 3 units
    // left on Sunday evening (23:30 UTC) and arrived at 20:10 the same Sunday (00:10 UTC Monday),
    // so both fall in the week before; the 7 units arrived on Sunday 21 January, before the window.
    now = new Date('2024-03-13T10:00:00Z');
    const weeks: TWeeklyMovement[] = (
      await call('GET', '/api/stock-movement/weekly-movement/business', owner.token)
    ).json();
    expect(weeks).toEqual([
      { weekStart: '2024-01-22', unitsOut: 0, unitsIn: 0 },
      { weekStart: '2024-01-29', unitsOut: 0, unitsIn: 0 },
      { weekStart: '2024-02-05', unitsOut: 0, unitsIn: 0 },
      { weekStart: '2024-02-12', unitsOut: 2, unitsIn: 0 },
      { weekStart: '2024-02-19', unitsOut: 0, unitsIn: 0 },
      { weekStart: '2024-02-26', unitsOut: 0, unitsIn: 0 },
      { weekStart: '2024-03-04', unitsOut: 3, unitsIn: 3 },
      { weekStart: '2024-03-11', unitsOut: 5, unitsIn: 5 },
    ]);
  });
});

describe('getWeeklyMovement with discrepancies', () => {
  it('counts in the units that arrived, not the units sent', async () => {
    now = new Date('2024-03-12T09:00:00Z');
    const rivalWorld = await movementSetUp(t, rival, { quantity: 10 });
    const created = await createMovement(t, rival.token, {
      sku: rivalWorld.product.sku,
      sourceLocationId: rivalWorld.source.id,
      destinationLocationId: rivalWorld.destination.id,
      quantity: 10,
    });
    const id = created.movements[0]?.id ?? '';
    expect((await validate(t, rival.token, 'source', id, created.sourceValidationCode)).statusCode).toBe(200);
    const arrived = await call(
      'PUT',
      `/api/stock-movement/validate-destination/${id}?validationCode=${created.destinationValidationCode}`,
      rival.token,
      { items: [{ movementId: id, receivedQuantity: 6, reason: 'SHORT' }] },
    );
    expect(arrived.statusCode, arrived.body).toBe(200);
    now = new Date('2024-03-13T10:00:00Z');
    const weeks: TWeeklyMovement[] = (
      await call('GET', '/api/stock-movement/weekly-movement/business', rival.token)
    ).json();
    expect(weeks.at(-1)).toEqual({ weekStart: '2024-03-11', unitsOut: 10, unitsIn: 6 });
  });
});
