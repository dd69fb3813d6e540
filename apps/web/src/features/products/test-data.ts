import type { TCategory, TLocation, TPage, TProduct, TSupplier } from '@app/contracts';

/** Rows as the server answers them, for the screen's tests. */
export function makeLocation(id: string, name: string): TLocation {
  return {
    id,
    locationId: id,
    name,
    street: null,
    city: 'Lyon',
    state: null,
    zipCode: null,
    country: null,
    latitude: null,
    longitude: null,
    phone: null,
    active: true,
    usedBy: 'STORE',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

export const NORTH = makeLocation('8d1f2a4c-0000-4000-8000-000000000001', 'North store');
export const SOUTH = makeLocation('8d1f2a4c-0000-4000-8000-000000000002', 'South store');

export function makeProduct(
  overrides: Partial<TProduct> & { id: string; name: string; sku: string },
): TProduct {
  return {
    productId: overrides.id,
    barcode: null,
    description: null,
    price: '10.00',
    costPrice: null,
    effectivePrice: overrides.price ?? '10.00',
    discount: null,
    categoryId: null,
    supplierId: null,
    locationId: NORTH.id,
    unit: 'pcs',
    reorderPoint: null,
    imageUrl: null,
    stock: 0,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const COFFEE = makeProduct({
  id: '6a0c1e2f-0000-4000-8000-00000000c0ff',
  name: 'Ground coffee 500 g',
  sku: 'COF-500',
  barcode: '4006381333931',
  price: '12.50',
  effectivePrice: '10.00',
  stock: 24,
  discount: {
    discountAmount: '2.50',
    discountPercentage: null,
    discountValidFrom: '2026-01-01T00:00:00.000Z',
    discountValidTo: '2099-01-01T00:00:00.000Z',
    isCurrent: true,
  },
});

export const TEA = makeProduct({
  id: '6a0c1e2f-0000-4000-8000-0000000007ea',
  name: 'Green tea',
  sku: 'TEA-01',
  price: '4.20',
  stock: 3,
});

export const BAKERY: TCategory = {
  id: '7b0c1e2f-0000-4000-8000-0000000000b1',
  categoryId: '7b0c1e2f-0000-4000-8000-0000000000b1',
  categoryName: 'Bakery',
  description: 'Bread and pastries',
  locationId: NORTH.id,
  location: { id: NORTH.id, name: NORTH.name },
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const ACME: TSupplier = {
  id: '9c0c1e2f-0000-4000-8000-0000000000a1',
  supplierId: '9c0c1e2f-0000-4000-8000-0000000000a1',
  name: 'Acme Foods',
  contactName: null,
  email: null,
  phone: null,
  address: null,
  notes: null,
  leadTimeDays: null,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export function pageOf<T>(content: T[], page = 0, size = 10, totalElements = content.length): TPage<T> {
  return { content, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}
