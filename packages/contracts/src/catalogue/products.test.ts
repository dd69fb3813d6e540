import { describe, expect, it } from 'vitest';
import { ZProductRequest } from './products.js';

const BASE = {
  name: 'Oat Milk 1 l',
  sku: 'OAT-1',
  price: '2.49',
  locationId: '0b6f3f1e-7c2a-4c55-9d43-5a3d3c1f2e10',
};

describe('ZProductRequest', () => {
  it('reads blank optional form fields as absent, not as 0', () => {
    const parsed = ZProductRequest.parse({
      ...BASE,
      reorderPoint: '',
      costPrice: '',
      barcode: '',
      categoryId: '',
    });
    expect(parsed).toMatchObject({ reorderPoint: null, costPrice: null, barcode: null, categoryId: null });
  });

  it('reads numbers from form text and keeps 0 when it is given', () => {
    expect(ZProductRequest.parse({ ...BASE, reorderPoint: '12' }).reorderPoint).toBe(12);
    expect(ZProductRequest.parse({ ...BASE, reorderPoint: '0' }).reorderPoint).toBe(0);
    expect(ZProductRequest.parse({ ...BASE, reorderPoint: 5 }).reorderPoint).toBe(5);
  });

  it('refuses a negative or fractional reorder point and writes money with two decimals', () => {
    expect(ZProductRequest.safeParse({ ...BASE, reorderPoint: '-1' }).success).toBe(false);
    expect(ZProductRequest.safeParse({ ...BASE, reorderPoint: '1.5' }).success).toBe(false);
    expect(ZProductRequest.parse({ ...BASE, price: '3' }).price).toBe('3.00');
  });
});
