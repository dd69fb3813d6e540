import type { TAlert, TInboxAlert, TInboxPage } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../../../test/factories/catalogue.js';
import {
  dipInOneTransaction,
  insertProductAt,
  openStock,
  quantityOf,
} from '../../../test/factories/inventory.js';
import { plainText } from '../../../test/factories/mail.js';
import {
  cancel,
  createMovement,
  movementSetUp,
  otherCode,
  stockUp,
  validate,
} from '../../../test/factories/movements.js';
import { createProduct } from '../../../test/factories/products.js';
import { settableClock } from '../../../test/factories/subscriptions.js';
import { MOVEMENT_ALERTS_SWEEP_QUEUE } from './alerts.queues.js';
import { MOVEMENT_WAIT_MS } from './system-alerts.service.js';

type Account = { token: string; userId: string; email: string };

const clock = settableClock(new Date('2026-09-01T08:00:00Z'));
let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let north: { storeId: string; locationId: string };
let south: { storeId: string; locationId: string };
let inventoryAdmin: Account;
let productAdmin: Account;
let northAssistant: Account;
let southAssistant: Account;

async function staffAt(roles: string[], locationId: string | null): Promise<Account> {
  const member = await staffMember(t, owner.token, roles as never);
  if (locationId) await t.sql('update users set location_id = $2 where id = $1', [member.userId, locationId]);
  return member;
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Corner Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  // Named as their locations: the alerts name the location, as the inventory page's picker does.
  north = await insertStore(t, owner.businessId, {
    name: 'North',
    locationId: await insertLocation(t, owner.businessId, { name: 'North' }),
  });
  south = await insertStore(t, owner.businessId, {
    name: 'South',
    locationId: await insertLocation(t, owner.businessId, { name: 'South' }),
  });
  inventoryAdmin = await staffAt(['ROLE_INVENTORY_ADMIN'], null);
  productAdmin = await staffAt(['ROLE_PRODUCT_ADMIN'], null);
  northAssistant = await staffAt(['ROLE_STORE_ASSISTANT'], north.locationId);
  southAssistant = await staffAt(['ROLE_STORE_ASSISTANT'], south.locationId);
  await t.mails();
});
beforeEach(async () => {
  await t.sql('delete from alerts');
});
afterAll(async () => {
  await t.close();
});

const call = (who: { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

async function inboxOf(who: { token: string }, query = ''): Promise<TInboxPage> {
  const res = await call(who, 'GET', `/api/alerts/inbox${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function adjust(inventoryId: string, delta: number) {
  const res = await call(owner, 'PUT', `/api/inventory/${inventoryId}/adjust`, {
    delta,
    reason: delta > 0 ? 'RECEIVED' : 'DAMAGED',
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function alertRows() {
  const { rows } = await t.sql(
    `select kind, severity, title, message, subject_type, subject_id, location_id, dedupe_key, resolved_at, roles, mailed_at
     from alerts where business_id = $1 order by created_at, id`,
    [owner.businessId],
  );
  return rows as Array<Record<string, unknown>>;
}

async function itemAtNorth(quantity: number, reorderPoint: number | null, name = 'Oat milk 1 l') {
  const product = await insertProductAt(t, owner.businessId, north.locationId, { name });
  return openStock(t, owner.token, {
    productId: product.id,
    locationId: north.locationId,
    quantity,
    reorderPoint,
  });
}

describe('stock under its reorder point', () => {
  it('raises one WARNING when an item falls under, none while it stays under, and resolves it when it recovers', async () => {
    const item = await itemAtNorth(10, 5);
    expect(await alertRows()).toEqual([]);

    await adjust(item.id, -6); // 4 < 5
    let rows = await alertRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'SYSTEM',
      severity: 'WARNING',
      title: 'Low stock: Oat milk 1 l',
      subject_type: 'INVENTORY_ITEM',
      subject_id: item.id,
      location_id: north.locationId,
      resolved_at: null,
    });
    expect(rows[0]?.message).toMatch(/at North: 4 left, under its reorder point of 5\.$/);

    await adjust(item.id, -2); // still under: no duplicate
    await adjust(item.id, 1);
    expect(await alertRows()).toHaveLength(1);

    await adjust(item.id, 2); // 5: at the reorder point is not under it
    rows = await alertRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.resolved_at).not.toBeNull();

    await adjust(item.id, -1); // under again: a new alert
    rows = await alertRows();
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.resolved_at === null)).toHaveLength(1);
  });

  it('raises nothing for an item without a reorder point or a retired one, and raises when the reorder point is raised over the stock', async () => {
    const plain = await itemAtNorth(3, null, 'Plain item');
    await adjust(plain.id, -2);
    expect(await alertRows()).toEqual([]);

    const item = await itemAtNorth(3, 2, 'Raised point');
    expect(await alertRows()).toEqual([]);
    // Whatever writes the reorder point (a spreadsheet upload, a future edit): the database decides.
    await t.sql('update inventory_items set reorder_point = 10 where id = $1', [item.id]);
    expect(await alertRows()).toHaveLength(1);
    // Retiring the item ends its alert.
    await t.sql('update inventory_items set active = false where id = $1', [item.id]);
    expect((await alertRows())[0]?.resolved_at).not.toBeNull();
  });

  it('raises nothing when the quantity dips under and recovers inside one transaction', async () => {
    const item = await itemAtNorth(10, 5);
    await dipInOneTransaction(t, item.id, 1, 10);
    expect(await alertRows()).toEqual([]);
  });

  it('reaches the stock roles of the business and the staff of that store, not another store nor other roles', async () => {
    const item = await itemAtNorth(6, 5);
    await adjust(item.id, -3);

    for (const who of [owner, inventoryAdmin, northAssistant]) {
      const inbox = await inboxOf(who);
      expect(inbox.unread).toBe(1);
      const [alert] = inbox.content;
      expect(alert).toMatchObject({
        kind: 'SYSTEM',
        title: 'Low stock: Oat milk 1 l',
        subject: { type: 'INVENTORY_ITEM', id: item.id, locationId: north.locationId },
        locationName: 'North',
        resolvedAt: null,
        read: false,
      } satisfies Partial<TInboxAlert>);
    }
    for (const who of [productAdmin, southAssistant]) expect((await inboxOf(who)).totalElements).toBe(0);
    // The store filter finds it by its location.
    expect((await inboxOf(owner, `?storeId=${north.storeId}`)).totalElements).toBe(1);
    expect((await inboxOf(owner, `?storeId=${south.storeId}`)).totalElements).toBe(0);
    // Another business sees nothing of it.
    expect((await inboxOf(other)).totalElements).toBe(0);
  });

  it('leaves a resolved alert in the inbox, marked resolved, and out of the unread count', async () => {
    const item = await itemAtNorth(6, 5);
    await adjust(item.id, -3);
    await adjust(item.id, 10);
    const inbox = await inboxOf(inventoryAdmin);
    expect(inbox.totalElements).toBe(1);
    expect(inbox.content[0]?.resolvedAt).not.toBeNull();
    expect(inbox.unread).toBe(0);
  });

  it('never fails the stock change that crossed the line, even when the alert cannot be written', async () => {
    const item = await itemAtNorth(6, 5);
    await t.sql("alter table alerts add constraint alerts_test_refuse check (kind <> 'SYSTEM') not valid");
    try {
      await adjust(item.id, -3);
      expect(await quantityOf(t, item.id)).toBe(3);
      expect(await alertRows()).toEqual([]);
    } finally {
      await t.sql('alter table alerts drop constraint alerts_test_refuse');
    }
  });
});

describe('marking read', () => {
  it('marks every alert of her inbox read at once, and only hers', async () => {
    const a = await itemAtNorth(6, 5, 'First');
    const b = await itemAtNorth(6, 5, 'Second');
    await adjust(a.id, -3);
    await adjust(b.id, -3);
    expect((await inboxOf(inventoryAdmin)).unread).toBe(2);

    const res = await call(inventoryAdmin, 'POST', '/api/alerts/read-all');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marked: 2 });
    expect((await inboxOf(inventoryAdmin)).unread).toBe(0);
    expect((await inboxOf(owner)).unread).toBe(2);

    const again = await call(inventoryAdmin, 'POST', '/api/alerts/read-all');
    expect(again.json()).toEqual({ marked: 0 });
    // The product admin's inbox is empty: nothing to mark, and nothing of the others is touched.
    expect((await call(productAdmin, 'POST', '/api/alerts/read-all')).json()).toEqual({ marked: 0 });
    const { rows } = await t.sql('select count(*)::int as n from alert_reads where user_id = $1', [
      productAdmin.userId,
    ]);
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('movements', () => {
  async function movement(quantity = 2) {
    const setUp = await movementSetUp(t, owner);
    const created = await createMovement(t, owner.token, {
      sku: setUp.product.sku,
      sourceLocationId: setUp.source.id,
      destinationLocationId: setUp.destination.id,
      quantity,
    });
    return { setUp, created, id: created.movements[0]?.id ?? '' };
  }

  async function runMovementCheck() {
    await t.jobs.send(MOVEMENT_ALERTS_SWEEP_QUEUE, {});
    await t.jobs.drain();
  }

  it('raises a WARNING for a movement waiting over 48 hours, to the end that must validate it, once', async () => {
    const start = clock.now();
    const { setUp, created, id } = await movement();
    clock.set(new Date(start.getTime() + MOVEMENT_WAIT_MS - 60_000));
    await runMovementCheck();
    expect(await alertRows()).toEqual([]);

    clock.set(new Date(start.getTime() + MOVEMENT_WAIT_MS + 60_000));
    await runMovementCheck();
    await runMovementCheck();
    let rows = await alertRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      severity: 'WARNING',
      subject_type: 'MOVEMENT',
      subject_id: id,
      location_id: setUp.source.id,
      dedupe_key: `MOVEMENT_WAITING:${id}`,
    });
    expect(rows[0]?.message).toContain(`validation at its source, ${setUp.source.name}`);

    // Validated at the source: that alert ends, and the next check raises one for the destination.
    expect((await validate(t, owner.token, 'source', id, created.sourceValidationCode)).statusCode).toBe(200);
    rows = await alertRows();
    expect(rows[0]?.resolved_at).not.toBeNull();
    await runMovementCheck();
    rows = await alertRows();
    expect(rows).toHaveLength(2);
    const open = rows.filter((row) => row.resolved_at === null);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ location_id: setUp.destination.id });
    expect(open[0]?.message).toContain(`validation at its destination, ${setUp.destination.name}`);

    expect(
      (await validate(t, owner.token, 'destination', id, created.destinationValidationCode)).statusCode,
    ).toBe(200);
    expect((await alertRows()).every((row) => row.resolved_at !== null)).toBe(true);
    clock.set(start);
  });

  it('the check resolves a waiting alert whose movement ended without it (a row changed outside the API)', async () => {
    const start = clock.now();
    const { id } = await movement();
    clock.set(new Date(start.getTime() + MOVEMENT_WAIT_MS + 60_000));
    await runMovementCheck();
    expect(await alertRows()).toHaveLength(1);
    await t.sql("update stock_movements set status = 'CANCELLED' where id = $1", [id]);
    await runMovementCheck();
    expect((await alertRows())[0]?.resolved_at).not.toBeNull();
    clock.set(start);
  });

  it('raises one CRITICAL alert when wrong codes lock a movement, e-mails its audience, and resolves it on cancel', async () => {
    const { created, id } = await movement();
    const wrong = otherCode(created.sourceValidationCode);
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await validate(t, owner.token, 'source', id, wrong);
      expect(res.statusCode).toBe(400);
    }
    // A sixth try is refused as locked and raises nothing more.
    expect((await validate(t, owner.token, 'source', id, wrong)).statusCode).toBe(409);
    let rows = await alertRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      severity: 'CRITICAL',
      subject_type: 'MOVEMENT',
      subject_id: id,
      dedupe_key: `MOVEMENT_LOCKED:${id}`,
      roles: ['ROLE_BUSINESS_OWNER', 'ROLE_BUSINESS_ADMIN', 'ROLE_INVENTORY_ADMIN'],
    });

    const mails = (await t.mails()).filter((mail) => mail.includes('Critical alert: Movement locked'));
    const recipients = mails.map((mail) => /^To: (.*)$/m.exec(mail)?.[1]?.trim()).sort();
    expect(recipients).toEqual([owner.email, inventoryAdmin.email].sort());
    expect(plainText(mails[0] ?? '')).toContain('was locked after too many wrong validation codes');
    expect((await alertRows())[0]?.mailed_at).not.toBeNull();
    // The mail job again sends nothing twice.
    await t.mails();
    expect((await t.mails()).filter((mail) => mail.includes('Critical alert: Movement locked'))).toHaveLength(
      2,
    );

    expect((await cancel(t, inventoryAdmin.token, id)).statusCode).toBe(200);
    rows = await alertRows();
    expect(rows[0]?.resolved_at).not.toBeNull();
  });
});

describe('transfer discrepancies', () => {
  it('tells the people of the source, not those of the destination, once, as a WARNING without e-mail', async () => {
    const product = await createProduct(t, owner.token, {
      locationId: north.locationId,
      name: 'Rye bread',
      sku: 'RYE-1',
    });
    await stockUp(t, owner.businessId, owner.userId, {
      productId: product.id,
      locationId: north.locationId,
      quantity: 10,
    });
    const created = await createMovement(t, owner.token, {
      sku: 'RYE-1',
      sourceLocationId: north.locationId,
      destinationLocationId: south.locationId,
      quantity: 10,
    });
    const id = created.movements[0]?.id ?? '';
    expect((await validate(t, owner.token, 'source', id, created.sourceValidationCode)).statusCode).toBe(200);
    await t.mails();
    const arrived = await t.app.inject({
      method: 'PUT',
      url: `/api/stock-movement/validate-destination/${id}?validationCode=${created.destinationValidationCode}`,
      headers: bearer(southAssistant.token),
      payload: { items: [{ movementId: id, receivedQuantity: 7, reason: 'SHORT', note: 'box torn' }] },
    });
    expect(arrived.statusCode, arrived.body).toBe(200);

    const rows = await alertRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'SYSTEM',
      severity: 'WARNING',
      title: 'Transfer short: Rye bread',
      message: 'Transfer of 10 × RYE-1 from North arrived short at South: 7 received. Note: box torn',
      subject_type: 'MOVEMENT',
      subject_id: id,
      location_id: north.locationId,
      dedupe_key: `TRANSFER_DISCREPANCY:${id}`,
      resolved_at: null,
      mailed_at: null,
    });
    for (const who of [owner, inventoryAdmin, northAssistant]) {
      const inbox = await inboxOf(who);
      expect(inbox.unread).toBe(1);
      expect(inbox.content[0]).toMatchObject({ title: 'Transfer short: Rye bread', locationName: 'North' });
    }
    for (const who of [southAssistant, productAdmin, other])
      expect((await inboxOf(who)).totalElements).toBe(0);
    expect((await t.mails()).filter((mail) => mail.includes('Transfer short'))).toEqual([]);
  });
});

describe('critical broadcasts by e-mail', () => {
  it('e-mails a CRITICAL broadcast to its audience only: one store, one role', async () => {
    const res = await call(owner, 'POST', '/api/alerts', {
      title: 'Freezer failure',
      message: 'Move the frozen goods to the back freezer now.',
      severity: 'CRITICAL',
      scope: 'STORE',
      storeId: north.storeId,
      roles: ['ROLE_STORE_ASSISTANT'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const alert: TAlert = res.json();
    expect(alert.subject).toBeNull();
    const mails = (await t.mails()).filter((mail) => mail.includes('Critical alert: Freezer failure'));
    expect(mails.map((mail) => /^To: (.*)$/m.exec(mail)?.[1]?.trim())).toEqual([northAssistant.email]);
    expect(plainText(mails[0] ?? '')).toContain('Where: North.');
  });

  it('sends no e-mail for INFO and WARNING broadcasts', async () => {
    for (const severity of ['INFO', 'WARNING'] as const) {
      const res = await call(owner, 'POST', '/api/alerts', {
        title: `Heads-up ${severity}`,
        message: 'Deliveries come at nine.',
        severity,
        scope: 'BUSINESS',
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await t.mails()).filter((mail) => mail.includes('Heads-up'))).toEqual([]);
  });

  it('does not e-mail a CRITICAL alert deleted before its job ran', async () => {
    const res = await call(owner, 'POST', '/api/alerts', {
      title: 'Withdrawn alarm',
      message: 'Sent by mistake.',
      severity: 'CRITICAL',
      scope: 'BUSINESS',
    });
    const { id } = res.json<TAlert>();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/alerts/${id}`, headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(204);
    expect((await t.mails()).filter((mail) => mail.includes('Withdrawn alarm'))).toEqual([]);
  });
});

describe('locations of no store', () => {
  it('a warehouse item under its point reaches the business-wide stock roles', async () => {
    const warehouse = await insertLocation(t, owner.businessId, { name: 'Back warehouse' });
    const product = await insertProductAt(t, owner.businessId, warehouse, { name: 'Flour 25 kg' });
    const item = await openStock(t, owner.token, {
      productId: product.id,
      locationId: warehouse,
      quantity: 1,
      reorderPoint: 4,
    });
    const [alert] = (await inboxOf(inventoryAdmin)).content;
    expect(alert).toMatchObject({
      subject: { id: item.id, locationId: warehouse },
      locationName: 'Back warehouse',
    });
    expect((await inboxOf(northAssistant)).totalElements).toBe(0);
  });
});
