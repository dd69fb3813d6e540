import { isPermitted, ZSaleProduct } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { setPlan } from '../../../test/factories/catalogue.js';
import { insertProductAt } from '../../../test/factories/inventory.js';
import { saleSetUp } from '../../../test/factories/sales.js';

const HOUR = 60 * 60 * 1000;
const URL = '/api/sales/lookup';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let assistant: string;
let reader: string;
let world: Awaited<ReturnType<typeof saleSetUp<'tea' | 'milk'>>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Corner Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'ADVANCED');
  assistant = (await staffMember(t, owner.token, ['ROLE_STORE_ASSISTANT'])).token;
  reader = (await staffMember(t, owner.token, ['ROLE_INVENTORY_READER'])).token;
  world = await saleSetUp(t, owner.businessId, {
    tea: { price: '4.00', stock: 7 },
    milk: { price: '1.20', stock: 3, barcode: '4006381333931' },
  });
  const now = Date.now();
  await t.sql(
    `update products set discount_percentage = 25, discount_valid_from = $2, discount_valid_to = $3 where id = $1`,
    [world.products.tea.id, new Date(now - HOUR), new Date(now + HOUR)],
  );
});
afterAll(async () => {
  await t.close();
});

function lookUp(token: string, query: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: URL, query, headers: bearer(token) });
}

describe('GET /api/sales/lookup', () => {
  it('prices a SKU in any case for a store assistant, who may not read the catalogue', async () => {
    expect(isPermitted(['ROLE_STORE_ASSISTANT'], 'product:read')).toBe(false);
    const response = await lookUp(assistant, {
      storeId: world.storeId,
      code: world.products.tea.sku.toLowerCase(),
    });
    expect(response.statusCode).toBe(200);
    const body = ZSaleProduct.strict().parse(response.json());
    expect(body).toMatchObject({
      productId: world.products.tea.id,
      sku: world.products.tea.sku,
      price: '4.00',
      effectivePrice: '3.00',
      stock: 7,
    });
    expect(body.discount).toMatchObject({ discountPercentage: 25, isCurrent: true });
  });

  it('reads a barcode first and answers the stock at the store', async () => {
    const response = await lookUp(owner.token, { storeId: world.storeId, code: ' 4006381333931 ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      productId: world.products.milk.id,
      price: '1.20',
      effectivePrice: '1.20',
      discount: null,
      stock: 3,
    });
  });

  it('refuses an unknown code, a discontinued product and a SKU that matches several spellings', async () => {
    const unknown = await lookUp(assistant, { storeId: world.storeId, code: 'NOPE-1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No product with the code NOPE-1 at Main Street.');

    await t.sql('update products set active = false where id = $1', [world.products.milk.id]);
    const gone = await lookUp(assistant, { storeId: world.storeId, code: '4006381333931' });
    await t.sql('update products set active = true where id = $1', [world.products.milk.id]);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toContain('is discontinued at Main Street');

    await insertProductAt(t, owner.businessId, world.locationId, { sku: 'Jam-1', name: 'Jam' });
    await insertProductAt(t, owner.businessId, world.locationId, { sku: 'JAM-1', name: 'Jam large' });
    const ambiguous = await lookUp(assistant, { storeId: world.storeId, code: 'jam-1' });
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.json().message).toContain('Jam-1');
    const exact = await lookUp(assistant, { storeId: world.storeId, code: 'JAM-1' });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().name).toBe('Jam large');
  });

  it('refuses bad input, roles that may not sell, and another business', async () => {
    const blank = await lookUp(assistant, { storeId: world.storeId, code: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.fieldErrors.code).toEqual(['Scan or type a barcode or SKU.']);
    expect((await lookUp(assistant, { storeId: 'store-1', code: 'X' })).statusCode).toBe(400);
    expect((await lookUp(assistant, { storeId: world.storeId, code: 'X'.repeat(65) })).statusCode).toBe(400);

    expect(isPermitted(['ROLE_INVENTORY_READER'], 'sales:record')).toBe(false);
    const refused = await lookUp(reader, { storeId: world.storeId, code: world.products.tea.sku });
    expect(refused.statusCode).toBe(403);

    const foreign = await lookUp(other.token, { storeId: world.storeId, code: world.products.tea.sku });
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.json())).not.toContain('4.00');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: URL,
      query: { storeId: world.storeId, code: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
