import { MAX_STOCK_QUANTITY, type TCycleCount } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffTokensByRole } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import { expectLedgerBalanced, ledgerCount, quantityOf } from '../factories/inventory.js';
import { auditEvents } from '../factories/products.js';
import { recordSale, saleSetUp } from '../factories/sales.js';

/**
 * Attacks on the cycle counts API (issue 16). Threat model: internet-facing; any signed-in user of
 * another business, or of this business with fewer roles, is hostile. Cross-tenant ids in path and
 * body, role escalation, quantities that are not counts, duplicate lines, state-machine abuse,
 * parallel reviews and counts racing sales, and Idempotency-Key replays.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let rival: Awaited<ReturnType<typeof ownerWithBusiness>>;
let staff: Record<'assistant' | 'reader' | 'contributor', string>;

beforeAll(async () => {
  t = await buildTestApp({}, { poolSize: 10 });
  owner = await ownerWithBusiness(t, 'Target Shop');
  rival = await ownerWithBusiness(t, 'Rival Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  staff = await staffTokensByRole(t, owner.token, {
    assistant: 'ROLE_STORE_ASSISTANT',
    reader: 'ROLE_INVENTORY_READER',
    contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
  });
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

function send(method: 'GET' | 'POST', url: string, token: string, payload?: unknown, headers = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function shopWithSheet(businessId: string, token: string, name: string) {
  const shop = await saleSetUp(
    t,
    businessId,
    { tea: { price: '3.00', stock: 50 }, jam: { price: '4.00', stock: 30 } },
    name,
  );
  const res = await send('POST', '/api/cycle-counts', token, {
    locationId: shop.locationId,
    scope: { kind: 'ALL' },
  });
  if (res.statusCode !== 201) throw new Error(`sheet failed: ${res.statusCode} ${res.body}`);
  return { ...shop, sheet: res.json<TCycleCount>() };
}

describe('cross-tenant ids', () => {
  it("never reads, counts or reviews another business's sheet, and refuses its ids in a body", async () => {
    const mine = await shopWithSheet(owner.businessId, owner.token, 'Mine');
    const theirs = await shopWithSheet(rival.businessId, rival.token, 'Theirs');
    const url = `/api/cycle-counts/${theirs.sheet.id}`;
    expect((await send('GET', url, owner.token)).statusCode).toBe(404);
    expect(
      (await send('POST', `${url}/counts`, owner.token, { lines: [{ lineNo: 1, countedQuantity: 0 }] }))
        .statusCode,
    ).toBe(404);
    expect((await send('POST', `${url}/review`, owner.token, { recount: [1] })).statusCode).toBe(404);
    expect((await send('POST', `${url}/cancel`, owner.token)).statusCode).toBe(404);
    // Their product on my sheet: not a line of it.
    const crossCount = await send('POST', `/api/cycle-counts/${mine.sheet.id}/counts`, owner.token, {
      lines: [{ productId: theirs.products.tea.id, countedQuantity: 0 }],
    });
    expect(crossCount.statusCode).toBe(404);
    expect(crossCount.json()).toMatchObject({ details: { index: 0, field: 'productId' } });
    // Their products in my scope, at my location or theirs.
    const crossScope = await send('POST', '/api/cycle-counts', owner.token, {
      locationId: mine.locationId,
      scope: { kind: 'PRODUCTS', productIds: [mine.products.tea.id, theirs.products.jam.id] },
    });
    expect(crossScope.statusCode).toBe(404);
    expect(crossScope.json()).toMatchObject({ details: { field: 'scope.productIds', index: 1 } });
    expect(
      (
        await send('POST', '/api/cycle-counts', owner.token, {
          locationId: theirs.locationId,
          scope: { kind: 'ALL' },
        })
      ).statusCode,
    ).toBe(404);
    // Their sheet and stock are as they were.
    expect(await quantityOf(t, theirs.products.tea.inventoryId)).toBe(50);
    const { rows } = await t.sql(
      'select count(*)::int as n from cycle_count_lines where count_id = $1 and status <> $2',
      [theirs.sheet.id, 'PENDING'],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it("does not take another location's product of the same business as a line", async () => {
    const first = await shopWithSheet(owner.businessId, owner.token, 'First');
    const second = await shopWithSheet(owner.businessId, owner.token, 'Second');
    const res = await send('POST', `/api/cycle-counts/${first.sheet.id}/counts`, staff.assistant, {
      lines: [{ productId: second.products.tea.id, countedQuantity: 1 }],
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('refuses review to store assistants and counting to readers, whatever the body', async () => {
    const { sheet } = await shopWithSheet(owner.businessId, owner.token, 'Roles');
    const url = `/api/cycle-counts/${sheet.id}`;
    await send('POST', `${url}/counts`, staff.assistant, { lines: [{ lineNo: 1, countedQuantity: 0 }] });
    const before = await ledgerCount(t);
    expect((await send('POST', `${url}/review`, staff.assistant, { accept: [1] })).statusCode).toBe(403);
    expect(
      (await send('POST', `${url}/counts`, staff.reader, { lines: [{ lineNo: 2, countedQuantity: 0 }] }))
        .statusCode,
    ).toBe(403);
    for (const action of ['complete', 'cancel'])
      expect((await send('POST', `${url}/${action}`, staff.assistant)).statusCode).toBe(403);
    expect(await ledgerCount(t)).toBe(before);
  });
});

describe('quantities and lines', () => {
  it('refuses negative, huge, fractional and textual counts and lines named twice', async () => {
    const { sheet } = await shopWithSheet(owner.businessId, owner.token, 'Numbers');
    const url = `/api/cycle-counts/${sheet.id}/counts`;
    const line1 = sheet.lines[0];
    const bodies: unknown[] = [
      { lines: [{ lineNo: 1, countedQuantity: -1 }] },
      { lines: [{ lineNo: 1, countedQuantity: MAX_STOCK_QUANTITY + 1 }] },
      { lines: [{ lineNo: 1, countedQuantity: 2.5 }] },
      { lines: [{ lineNo: 1, countedQuantity: '5' }] },
      { lines: [{ lineNo: 1, countedQuantity: 1e300 }] },
      { lines: [{ lineNo: 0, countedQuantity: 1 }] },
      { lines: [{ lineNo: 1.5, countedQuantity: 1 }] },
      { lines: [{ productId: 'x', countedQuantity: 1 }] },
      // The same line twice, by number and by number and product.
      {
        lines: [
          { lineNo: 1, countedQuantity: 1 },
          { lineNo: 1, countedQuantity: 2 },
        ],
      },
      {
        lines: [
          { lineNo: line1?.lineNo, countedQuantity: 1 },
          { productId: line1?.productId, countedQuantity: 2 },
        ],
      },
    ];
    for (const body of bodies) {
      const res = await send('POST', url, staff.assistant, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    expect(
      (await send('POST', `/api/cycle-counts/${sheet.id}/review`, owner.token, { accept: [1, 1] }))
        .statusCode,
    ).toBe(400);
    const read = await send('GET', `/api/cycle-counts/${sheet.id}`, owner.token);
    expect(read.json<TCycleCount>().lines.every((line) => line.status === 'PENDING')).toBe(true);
  });
});

describe('the state machine', () => {
  it('refuses reviewing uncounted or accepted lines and any write to an ended sheet', async () => {
    const { sheet, locationId } = await shopWithSheet(owner.businessId, owner.token, 'States');
    const url = `/api/cycle-counts/${sheet.id}`;
    expect((await send('POST', `${url}/review`, owner.token, { accept: [1] })).statusCode).toBe(409);
    expect((await send('POST', `${url}/review`, owner.token, { accept: [99] })).statusCode).toBe(404);
    await send('POST', `${url}/counts`, staff.assistant, { lines: [{ lineNo: 1, countedQuantity: 50 }] });
    expect((await send('POST', `${url}/review`, owner.token, { accept: [1] })).statusCode).toBe(200);
    expect((await send('POST', `${url}/review`, owner.token, { accept: [1] })).statusCode).toBe(409);
    expect((await send('POST', `${url}/review`, owner.token, { recount: [1] })).statusCode).toBe(409);
    expect(
      (await send('POST', `${url}/counts`, staff.assistant, { lines: [{ lineNo: 1, countedQuantity: 3 }] }))
        .statusCode,
    ).toBe(409);
    expect((await send('POST', `${url}/complete`, owner.token)).statusCode).toBe(200);
    for (const [action, body] of [
      ['counts', { lines: [{ lineNo: 2, countedQuantity: 1 }] }],
      ['review', { recount: [2] }],
      ['complete', undefined],
      ['cancel', undefined],
    ] as const)
      expect((await send('POST', `${url}/${action}`, owner.token, body)).statusCode, action).toBe(409);
    const cancelled = await send('POST', '/api/cycle-counts', owner.token, {
      locationId,
      scope: { kind: 'ALL' },
    });
    const cancelledUrl = `/api/cycle-counts/${cancelled.json<TCycleCount>().id}`;
    expect((await send('POST', `${cancelledUrl}/cancel`, owner.token)).statusCode).toBe(200);
    expect((await send('POST', `${cancelledUrl}/complete`, owner.token)).statusCode).toBe(409);
  });
});

describe('races', () => {
  it('writes a variance once when two reviewers accept the same line at once', async () => {
    const { sheet, products } = await shopWithSheet(owner.businessId, owner.token, 'Race Review');
    const url = `/api/cycle-counts/${sheet.id}`;
    const tea = sheet.lines.find((line) => line.productId === products.tea.id);
    await send('POST', `${url}/counts`, staff.assistant, {
      lines: [{ lineNo: tea?.lineNo, countedQuantity: 40 }],
    });
    const answers = await Promise.all([
      send('POST', `${url}/review`, owner.token, { accept: [tea?.lineNo] }),
      send('POST', `${url}/review`, staff.contributor, { accept: [tea?.lineNo] }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await quantityOf(t, products.tea.inventoryId)).toBe(40);
  });

  it('keeps a count consistent with a sale racing it: the sale is either in movedSinceFreeze or after it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { sheet, products, storeId } = await shopWithSheet(
        owner.businessId,
        owner.token,
        `Race Sale ${round}`,
      );
      const url = `/api/cycle-counts/${sheet.id}`;
      const tea = sheet.lines.find((line) => line.productId === products.tea.id);
      const [counted] = await Promise.all([
        send('POST', `${url}/counts`, staff.assistant, {
          lines: [{ lineNo: tea?.lineNo, countedQuantity: 45 }],
        }),
        recordSale(t, owner.token, {
          storeId,
          lines: [{ productId: products.tea.id, quantity: 2 }],
          paymentMethod: 'CASH',
        }),
      ]);
      expect(counted.statusCode, counted.body).toBe(200);
      // She counts blind: the reviewer reads what moved meanwhile.
      const review = await send('GET', url, owner.token);
      const line = review.json<TCycleCount>().lines.find((candidate) => candidate.lineNo === tea?.lineNo);
      expect([0, -2]).toContain(line?.movedSinceFreeze);
      await send('POST', `${url}/review`, owner.token, { accept: [tea?.lineNo] });
      // Counted 45, less the sale when it came after the count.
      expect(await quantityOf(t, products.tea.inventoryId)).toBe(45 + (-2 - (line?.movedSinceFreeze ?? 0)));
    }
  });
});

describe('idempotency', () => {
  it('answers a replayed count and review with the first answer and writes nothing twice', async () => {
    const { sheet, products } = await shopWithSheet(owner.businessId, owner.token, 'Replay');
    const url = `/api/cycle-counts/${sheet.id}`;
    const key = { 'idempotency-key': `count-${sheet.id}` };
    const body = { lines: [{ productId: products.jam.id, countedQuantity: 28 }] };
    const entriesBefore = (await auditEvents(t, owner.businessId, 'CYCLE_COUNT_ENTRY')).length;
    const first = await send('POST', `${url}/counts`, staff.assistant, body, key);
    const again = await send('POST', `${url}/counts`, staff.assistant, body, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await auditEvents(t, owner.businessId, 'CYCLE_COUNT_ENTRY')).toHaveLength(entriesBefore + 1);
    const other = await send(
      'POST',
      `${url}/counts`,
      staff.assistant,
      { lines: [{ productId: products.jam.id, countedQuantity: 27 }] },
      key,
    );
    expect(other.statusCode).toBe(422);

    const lineNo = sheet.lines.find((line) => line.productId === products.jam.id)?.lineNo;
    const reviewKey = { 'idempotency-key': `review-${sheet.id}` };
    const reviewed = await send('POST', `${url}/review`, owner.token, { accept: [lineNo] }, reviewKey);
    const ledger = await ledgerCount(t);
    const replayed = await send('POST', `${url}/review`, owner.token, { accept: [lineNo] }, reviewKey);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual(reviewed.json());
    expect(await ledgerCount(t)).toBe(ledger);
    expect(await quantityOf(t, products.jam.inventoryId)).toBe(28);
  });
});
