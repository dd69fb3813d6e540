import type { TLocation, TPosReader, TStore, TStoreDetails } from '@app/contracts';

/** Answers of the stores and locations calls for the component tests. */

const NOW = '2026-01-05T10:00:00.000Z';

export function makeLocation(overrides: Partial<TLocation> = {}): TLocation {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    locationId: id,
    name: 'Harbour Street',
    street: '12 Harbour Street',
    city: 'Leith',
    state: null,
    zipCode: 'EH6 6LU',
    country: 'United Kingdom',
    latitude: 55.97612,
    longitude: -3.17256,
    phone: '+44 131 555 0101',
    active: true,
    usedBy: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

export function makeStore(overrides: Partial<TStore> = {}): TStore {
  const id = overrides.id ?? crypto.randomUUID();
  const location = overrides.location ?? makeLocation({ usedBy: 'STORE' });
  return {
    id,
    storeId: id,
    name: 'Leith Corner Shop',
    locationId: location.id,
    location,
    phone: '+44 131 555 0199',
    email: 'leith@example.com',
    openingHours: 'Mon–Sat 8:00–20:00',
    imageUrl: null,
    qrCode: 'Qx7-leith',
    basketWeightEnabled: false,
    active: true,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

export function makeReader(locationId: string, overrides: Partial<TPosReader> = {}): TPosReader {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    readerId: id,
    locationId,
    label: 'Till 1',
    providerReaderId: 'tmr_sandbox_abc123',
    deviceType: 'simulated_wisepos_e',
    status: 'online',
    sandbox: true,
    createdAt: NOW,
    ...overrides,
  };
}

export function makeDetails(store: TStore, overrides: Partial<TStoreDetails> = {}): TStoreDetails {
  return {
    store,
    location: store.location,
    productCount: 128,
    stockUnits: 5240,
    containerCount: 12,
    readerCount: 0,
    readers: [],
    ...overrides,
  };
}
