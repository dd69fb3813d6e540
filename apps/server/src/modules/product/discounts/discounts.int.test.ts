import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertLocation, setPlan } from '../../../../test/factories/catalogue.js';
import { auditEvents, createProduct } from '../../../../test/factories/products.js';

/** The app's clock: discounts apply by it. Starts at the real time (tokens are signed by it). */
let now = new Date();
const clock = { now: () => now };

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let contributor: { token: string; userId: string };
let reader: { token: string };
let shop: string;
let theirs: string;
let theirProduct: { id: string };

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t);
  shop = await insertLocation(t, owner.businessId, { name: 'Shop' });
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, other.businessId, 'BASIC');
  theirs = await insertLocation(t, other.businessId, { name: 'Theirs' });
  theirProduct = await createProduct(t, other.token, { sku: 'THEIRS-1', price: '10', locationId: theirs });
});
afterAll(async () => {
  await t.close();
});

function setDiscount(token: string, query: Record<string, string>, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/discounts/create-or-update?${new URLSearchParams(query).toString()}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

function removeDiscount(token: string, productId: string, locationId: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/discounts/remove?productId=${productId}&locationId=${locationId}`,
    headers: bearer(token),
  });
}

describe('discounts', () => {
  describe('createOrUpdateDiscount', () => {
    it('is a plan feature: the Free plan answers a plan violation', async () => {
      await createProduct(t, owner.token, { sku: 'FREE-1', price: '10', locationId: shop });
      const res = await setDiscount(owner.token, {
        sku: 'FREE-1',
        locationId: shop,
        discountAmount: '1',
        discountValidFrom: iso(-HOUR),
        discountValidTo: iso(HOUR),
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-plan-violation']).toBe('1');
      expect(res.json().code).toBe('PLAN_VIOLATION');
    });

    describe('on a plan with discounts', () => {
      beforeAll(async () => {
        await setPlan(t, owner.businessId, 'BASIC');
        contributor = await staffMember(t, owner.token, ['ROLE_PRODUCT_CONTRIBUTOR']);
        reader = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
      });

      it('sets an amount off, answers the product with its effective price and audits it', async () => {
        const product = await createProduct(t, owner.token, {
          sku: 'AMT-1',
          price: '10.00',
          locationId: shop,
        });
        const from = iso(-HOUR);
        const to = iso(HOUR);
        const res = await setDiscount(contributor.token, {
          sku: 'AMT-1',
          locationId: shop,
          discountAmount: '2.50',
          discountPercentage: '',
          discountValidFrom: from,
          discountValidTo: to,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          id: product.id,
          price: '10.00',
          effectivePrice: '7.50',
          discount: {
            discountAmount: '2.50',
            discountPercentage: null,
            discountValidFrom: from,
            discountValidTo: to,
            isCurrent: true,
          },
        });
        const events = await auditEvents(t, owner.businessId, 'CREATE_DISCOUNT');
        expect(events.at(-1)).toMatchObject({
          user_id: contributor.userId,
          description: expect.stringContaining('AMT-1'),
        });
        const read = await t.app.inject({
          method: 'GET',
          url: `/api/products/${product.id}?locationId=${shop}`,
          headers: bearer(reader.token),
        });
        expect(read.json()).toMatchObject({ effectivePrice: '7.50', discount: { isCurrent: true } });
      });

      it('replaces the discount with a percentage, rounded half-up to the cent', async () => {
        await createProduct(t, owner.token, { sku: 'PCT-1', price: '9.99', locationId: shop });
        const base = {
          sku: 'PCT-1',
          locationId: shop,
          discountValidFrom: iso(-HOUR),
          discountValidTo: iso(HOUR),
        };
        expect((await setDiscount(owner.token, { ...base, discountAmount: '1' })).statusCode).toBe(200);
        const res = await setDiscount(owner.token, { ...base, discountPercentage: '12.5' });
        expect(res.statusCode).toBe(200);
        // 12.5% of 9.99 is 1.24875: 1.25 off.
        expect(res.json()).toMatchObject({
          effectivePrice: '8.74',
          discount: { discountAmount: null, discountPercentage: 12.5 },
        });
      });

      it('applies a discount only within its window, by the clock', async () => {
        const product = await createProduct(t, owner.token, {
          sku: 'LATER-1',
          price: '20',
          locationId: shop,
        });
        const res = await setDiscount(owner.token, {
          sku: 'LATER-1',
          locationId: shop,
          discountPercentage: '50',
          discountValidFrom: iso(24 * HOUR),
          discountValidTo: iso(48 * HOUR),
        });
        expect(res.json()).toMatchObject({ effectivePrice: '20.00', discount: { isCurrent: false } });
        const read = () =>
          t.app.inject({
            method: 'GET',
            url: `/api/products/${product.id}?locationId=${shop}`,
            headers: bearer(owner.token),
          });
        const real = now;
        try {
          now = new Date(real.getTime() + 30 * HOUR);
          expect((await read()).json()).toMatchObject({
            effectivePrice: '10.00',
            discount: { isCurrent: true },
          });
          now = new Date(real.getTime() + 48 * HOUR);
          expect((await read()).json()).toMatchObject({
            effectivePrice: '20.00',
            discount: { isCurrent: false },
          });
        } finally {
          now = real;
        }
      });

      it('answers 400 with field errors for a bad discount', async () => {
        await createProduct(t, owner.token, { sku: 'BAD-1', price: '5.00', locationId: shop });
        const base = {
          sku: 'BAD-1',
          locationId: shop,
          discountValidFrom: iso(-HOUR),
          discountValidTo: iso(HOUR),
        };
        const cases: Array<[Record<string, string>, string]> = [
          [{ ...base, discountAmount: '1', discountPercentage: '10' }, 'discountAmount'],
          [{ ...base }, 'discountAmount'],
          [{ ...base, discountPercentage: '101' }, 'discountPercentage'],
          [{ ...base, discountPercentage: '-1' }, 'discountPercentage'],
          [{ ...base, discountAmount: '5.00' }, 'discountAmount'],
          [{ ...base, discountAmount: '1', discountValidTo: iso(-2 * HOUR) }, 'discountValidTo'],
          [{ ...base, discountAmount: '1', discountValidFrom: 'tomorrow' }, 'discountValidFrom'],
          [{ ...base, discountAmount: '1', locationId: 'nope' }, 'locationId'],
        ];
        for (const [query, field] of cases) {
          const res = await setDiscount(owner.token, query);
          expect(res.statusCode, JSON.stringify(query)).toBe(400);
          expect(res.json().details.fieldErrors[field], JSON.stringify(query)).toBeDefined();
        }
        const withBody = await setDiscount(
          owner.token,
          { ...base, discountAmount: '1' },
          { discountAmount: 1 },
        );
        expect(withBody.statusCode).toBe(400);
      });

      it("answers 404 for an unknown SKU and another business's location or SKU; 403 for readers", async () => {
        const base = { discountAmount: '1', discountValidFrom: iso(-HOUR), discountValidTo: iso(HOUR) };
        expect((await setDiscount(owner.token, { ...base, sku: 'NOPE', locationId: shop })).statusCode).toBe(
          404,
        );
        expect(
          (await setDiscount(owner.token, { ...base, sku: 'THEIRS-1', locationId: theirs })).statusCode,
        ).toBe(404);
        expect(
          (await setDiscount(owner.token, { ...base, sku: 'THEIRS-1', locationId: shop })).statusCode,
        ).toBe(404);
        await createProduct(t, owner.token, { sku: 'ROLE-1', price: '5', locationId: shop });
        expect(
          (await setDiscount(reader.token, { ...base, sku: 'ROLE-1', locationId: shop })).statusCode,
        ).toBe(403);
        const anonymous = await t.app.inject({
          method: 'POST',
          url: `/api/discounts/create-or-update?sku=ROLE-1&locationId=${shop}`,
        });
        expect(anonymous.statusCode).toBe(401);
      });
    });
  });

  describe('removeDiscount', () => {
    it('clears the discount, audits it, and answers 404 when there is none', async () => {
      const product = await createProduct(t, owner.token, { sku: 'REM-1', price: '10', locationId: shop });
      await setDiscount(owner.token, {
        sku: 'REM-1',
        locationId: shop,
        discountAmount: '3',
        discountValidFrom: iso(-HOUR),
        discountValidTo: iso(HOUR),
      });
      const res = await removeDiscount(contributor.token, product.id, shop);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: product.id, discount: null, effectivePrice: '10.00' });
      const events = await auditEvents(t, owner.businessId, 'DELETE_DISCOUNT');
      expect(events.at(-1)?.description).toContain('REM-1');
      const again = await removeDiscount(owner.token, product.id, shop);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toContain('no discount');
    });

    it('refuses readers (403), other businesses and wrong locations (404), bad ids (400)', async () => {
      const product = await createProduct(t, owner.token, { sku: 'REM-2', price: '10', locationId: shop });
      await setDiscount(owner.token, {
        sku: 'REM-2',
        locationId: shop,
        discountAmount: '3',
        discountValidFrom: iso(-HOUR),
        discountValidTo: iso(HOUR),
      });
      expect((await removeDiscount(reader.token, product.id, shop)).statusCode).toBe(403);
      expect((await removeDiscount(other.token, product.id, shop)).statusCode).toBe(404);
      expect((await removeDiscount(owner.token, theirProduct.id, theirs)).statusCode).toBe(404);
      const elsewhere = await insertLocation(t, owner.businessId);
      expect((await removeDiscount(owner.token, product.id, elsewhere)).statusCode).toBe(404);
      const bad = await removeDiscount(owner.token, 'nope', shop);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.productId).toBeDefined();
      const { rows } = await t.sql(`select discount_amount from products where id = $1`, [product.id]);
      expect(rows[0]?.discount_amount).toBe('3.00');
    });
  });
});
