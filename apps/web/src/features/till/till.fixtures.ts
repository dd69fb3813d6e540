import type {
  TLocation,
  TProduct,
  TSale,
  TSaleLine,
  TSaleProduct,
  TSaleSummary,
  TStore,
  TTillMember,
} from '@app/contracts';

const NOW = '2026-03-02T09:30:00.000Z';

function location(id: string, name: string): TLocation {
  return {
    id,
    locationId: id,
    name,
    street: null,
    city: 'Bath',
    state: null,
    zipCode: null,
    country: null,
    latitude: null,
    longitude: null,
    phone: null,
    active: true,
    usedBy: 'STORE',
    createdAt: NOW,
    updatedAt: NOW,
  };
}

function store(id: string, name: string, locationId: string): TStore {
  return {
    id,
    storeId: id,
    name,
    locationId,
    location: location(locationId, `${name} site`),
    phone: null,
    email: null,
    openingHours: null,
    imageUrl: null,
    qrCode: `qr-${id.slice(-4)}`,
    basketWeightEnabled: false,
    active: true,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

export const HIGH_STREET = store(
  '5a000000-0000-4000-8000-000000000001',
  'High Street',
  '1c000000-0000-4000-8000-000000000001',
);
export const HARBOUR = store(
  '5a000000-0000-4000-8000-000000000002',
  'Harbour',
  '1c000000-0000-4000-8000-000000000002',
);

function product(overrides: Partial<TProduct> & Pick<TProduct, 'id' | 'sku' | 'name' | 'price'>): TProduct {
  return {
    productId: overrides.id,
    barcode: null,
    description: null,
    costPrice: null,
    effectivePrice: overrides.price,
    discount: null,
    categoryId: null,
    supplierId: null,
    locationId: HIGH_STREET.locationId,
    unit: 'pcs',
    reorderPoint: null,
    imageUrl: null,
    stock: 20,
    active: true,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/** 2.00, 10 % off now: 1.80. */
export const OAT_MILK = product({
  id: '9e000000-0000-4000-8000-000000000001',
  sku: 'OAT-1L',
  name: 'Oat milk 1 l',
  price: '2.00',
  effectivePrice: '1.80',
  discount: {
    discountAmount: null,
    discountPercentage: 10,
    discountValidFrom: '2026-01-01T00:00:00.000Z',
    discountValidTo: '2027-01-01T00:00:00.000Z',
    isCurrent: true,
  },
});

/** 3.50, found by its barcode. */
export const RYE_BREAD = product({
  id: '9e000000-0000-4000-8000-000000000002',
  sku: 'RYE-800',
  barcode: '5012345678900',
  name: 'Rye bread 800 g',
  price: '3.50',
  stock: 1,
});

/** A product as GET /api/sales/lookup answers it. */
export function saleProductOf(of: TProduct): TSaleProduct {
  const { id, name, sku, barcode, price, effectivePrice, discount, stock } = of;
  return { productId: id, name, sku, barcode, price, effectivePrice, discount, stock };
}

export function pageOf<T>(content: T[], totalElements = content.length) {
  return { content, page: 0, size: 10, totalElements, totalPages: Math.ceil(totalElements / 10) };
}

function line(no: number, of: TProduct, quantity: number, refundedQuantity = 0): TSaleLine {
  const discount = of.discount ? (Number(of.price) - Number(of.effectivePrice)).toFixed(2) : '0.00';
  return {
    lineNo: no,
    productId: of.id,
    productName: of.name,
    sku: of.sku,
    barcode: of.barcode,
    quantity,
    unitPrice: of.price,
    discount,
    totalPrice: (quantity * Number(of.effectivePrice)).toFixed(2),
    refundedQuantity,
  };
}

/** 2 × oat milk (1.80) + 1 × rye bread (3.50) = 7.10. */
export const SALE: TSale = {
  id: '0f000000-0000-7000-8000-000000000001',
  saleId: '0f000000-0000-7000-8000-000000000001',
  kind: 'SALE',
  refundOf: null,
  storeId: HIGH_STREET.id,
  storeName: HIGH_STREET.name,
  locationId: HIGH_STREET.locationId,
  soldAt: '2026-03-02T09:12:00.000Z',
  paymentMethod: 'CARD',
  customerRef: 'LOY-77',
  lines: [line(1, OAT_MILK, 2), line(2, RYE_BREAD, 1)],
  subtotal: '7.50',
  discountTotal: '0.40',
  loyaltyDiscount: '0.00',
  total: '7.10',
  unitsSold: 3,
  loyalty: null,
  createdBy: null,
  createdAt: '2026-03-02T09:12:00.000Z',
};

export const REFUND: TSale = {
  ...SALE,
  id: '0f000000-0000-7000-8000-000000000002',
  saleId: '0f000000-0000-7000-8000-000000000002',
  kind: 'REFUND',
  refundOf: SALE.id,
  soldAt: '2026-03-02T09:20:00.000Z',
  lines: [{ ...line(1, RYE_BREAD, -1), totalPrice: '-3.50' }],
  subtotal: '-3.50',
  discountTotal: '0.00',
  total: '-3.50',
  unitsSold: -1,
};

export function summaryOf({ lines, ...sale }: TSale): TSaleSummary {
  return { ...sale, lineCount: lines.length };
}

/** A member of a points programme: 800 points, enough for the coffee, not for the hamper. */
export const MEMBER: TTillMember = {
  memberId: '3b000000-0000-4000-8000-000000000001',
  cardCode: 'LOY-77',
  name: 'Ada Lovelace',
  points: 800,
  tier: 'Gold',
  programType: 'TIERED',
  rewards: [
    { rewardId: 'coffee', name: 'Free coffee', pointsCost: 500, value: '2.50', affordable: true },
    { rewardId: 'hamper', name: 'Hamper', pointsCost: 5000, value: '40.00', affordable: false },
  ],
};

/** A member of a cashback programme: 250 points, a point a cent. */
export const CASHBACK_MEMBER: TTillMember = {
  memberId: '3b000000-0000-4000-8000-000000000002',
  cardCode: 'CB-1',
  name: null,
  points: 250,
  tier: null,
  programType: 'CASHBACK',
  rewards: [],
};

/** The coffee redeemed on 7.10: 2.50 off, 4.60 paid, 4 points earned and 500 spent. */
export const LOYALTY_SALE: TSale = {
  ...SALE,
  id: '0f000000-0000-7000-8000-000000000003',
  saleId: '0f000000-0000-7000-8000-000000000003',
  loyaltyDiscount: '2.50',
  total: '4.60',
  loyalty: { memberId: MEMBER.memberId, cardCode: MEMBER.cardCode, points: -496, redeemed: 500 },
};
