import type { Page } from 'playwright-core';
import { API, type TInventoryItem, type TLocation, type TProduct } from '@app/contracts';
import { call } from './api.js';

/**
 * A warehouse at North Depot holding 40 bags of coffee, and a store at High Street: what a new
 * owner has once the catalogue is set up (that journey is e2e/catalogue.spec.ts).
 */
export async function arrangeWarehouseAndStore(
  token: string,
  extraProducts: { name: string; sku: string }[] = [],
) {
  const depot = await call<TLocation>(token, 'POST', API.locations.root, {
    name: 'North Depot',
    city: 'Swindon',
  });
  const highStreet = await call<TLocation>(token, 'POST', API.locations.root, {
    name: 'High Street',
    city: 'Bath',
  });
  await call(token, 'POST', API.warehouses.root, { name: 'North Depot Warehouse', locationId: depot.id });
  const store = new FormData();
  store.append('store', JSON.stringify({ name: 'Bramble High Street', locationId: highStreet.id }));
  await call(token, 'POST', API.stores.root, store);
  const product = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Ground coffee 500 g',
    sku: 'COF-500',
    price: '12.50',
    locationId: depot.id,
  }))
    product.append(name, value);
  const coffee = await call<TProduct>(token, 'POST', API.products.root, product);
  await call<TInventoryItem>(token, 'POST', API.inventory.root, {
    productId: coffee.id,
    locationId: depot.id,
    quantity: 40,
  });
  for (const extra of extraProducts) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...extra, price: '3.20', locationId: depot.id }))
      form.append(name, value);
    const added = await call<TProduct>(token, 'POST', API.products.root, form);
    await call(token, 'POST', API.inventory.root, {
      productId: added.id,
      locationId: depot.id,
      quantity: 30,
    });
  }
  return { depot, highStreet };
}

/** Opens the COF-500 row's validation and types the code; the caller states the arrival and submits. */
export async function openValidation(page: Page, end: 'source' | 'destination', code: string) {
  const action = end === 'source' ? 'Validate at source' : 'Validate at destination';
  await page
    .getByRole('row', { name: /COF-500/ })
    .getByRole('button', { name: new RegExp(`^${action}`) })
    .click();
  const dialog = page.getByRole('dialog', { name: `Validate at the ${end}` });
  await dialog
    .getByRole('textbox', { name: end === 'source' ? 'Source code' : 'Destination code' })
    .fill(code);
  return dialog;
}
