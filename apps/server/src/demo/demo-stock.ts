import { API, type TCreatedMovements } from '@app/contracts';
import type { Db } from '../platform/db/database.js';
import type { DemoClient } from './demo-client.js';
import { DEMO_CATEGORIES, DEMO_SUPPLIERS, seededRandom, type DemoProduct } from './demo-catalogue.js';
import { productIdsByLocation } from './demo-reads.repository.js';

/**
 * Suppliers, the categories at every location, and each product once at the warehouse with the
 * stores as further locations (one form per product, its image included), as the product screen
 * creates them.
 */
export async function seedCatalogue(
  client: DemoClient,
  products: DemoProduct[],
  warehouseLocationId: string,
  storeLocationIds: string[],
  tile: (name: string, colour: string) => Promise<Buffer>,
): Promise<void> {
  const supplierIds = new Map<string, string>();
  for (const [i, name] of DEMO_SUPPLIERS.entries()) {
    const supplier = await client.call<{ id: string }>('POST', API.suppliers.root, {
      name,
      contactName: ['Maria Lopez', 'Tom Becker', 'Aiko Tanaka', 'Grace Mensah'][i % 4],
      email: `orders@${name
        .toLowerCase()
        .replace(/[^a-z]+/g, '-')
        .replace(/-$/, '')}.example`,
      phone: `+1 555 01${String(10 + i)}`,
      // Days from order to delivery: what suggested orders add the forecast demand over.
      leadTimeDays: [3, 5, 7, 2, 10, 4][i % 6],
    });
    supplierIds.set(name, supplier.id);
  }
  const used = new Set(products.map((p) => p.category));
  const categoryIds = new Map<string, string>();
  for (const locationId of [warehouseLocationId, ...storeLocationIds]) {
    for (const category of DEMO_CATEGORIES.filter((c) => used.has(c.name))) {
      const made = await client.call<{ id: string }>('POST', API.categories.root, {
        categoryName: category.name,
        locationId,
      });
      if (locationId === warehouseLocationId) categoryIds.set(category.name, made.id);
    }
  }
  // Three at a time: one form's image is decoded while the other's transaction runs (each takes the
  // business row's lock, so their database work still queues).
  const createOne = async (product: DemoProduct) => {
    const fields: Record<string, string> = {
      name: product.name,
      sku: product.sku,
      barcode: product.barcode,
      price: product.price,
      costPrice: product.costPrice,
      categoryId: categoryIds.get(product.category) ?? '',
      supplierId: supplierIds.get(product.supplier) ?? '',
      locationId: warehouseLocationId,
      unit: 'pcs',
    };
    await client.form(API.products.root, [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...storeLocationIds.map((id) => ({ name: 'locationIds', value: id })),
      {
        name: 'image',
        value: await tile(product.name, product.colour),
        filename: `${product.sku}.png`,
        contentType: 'image/png',
      },
    ]);
  };
  const queue = [...products];
  const lane = async () => {
    for (let product = queue.shift(); product; product = queue.shift()) await createOne(product);
  };
  await Promise.all([lane(), lane(), lane()]);
}

/** Stock movements from the warehouse, ten in each state. */
const MOVEMENTS = 40;

/**
 * Opening stock through the inventory API (the ledger records each as a COUNT), a few store and
 * warehouse items left under their reorder point so the low-stock lists and the suggested orders
 * have something to show, then ten
 * stock movements from the warehouse in each state: pending, in transit (validated at the
 * source), completed (validated at both ends) and cancelled.
 */
export async function seedStockAndMovements(
  db: Db,
  client: DemoClient,
  businessId: string,
  products: DemoProduct[],
  warehouseLocationId: string,
  stores: Array<{ locationId: string }>,
): Promise<void> {
  const random = seededRandom(7);
  const ids = await productIdsByLocation(db, businessId);
  const items: Array<{ productId: string; locationId: string; quantity: number; reorderPoint: number }> = [];
  // The products the movements below send from the warehouse keep plenty there.
  const moved = new Set(Array.from({ length: MOVEMENTS }, (_unused, n) => (n * 11) % products.length));
  for (const locationId of [warehouseLocationId, ...stores.map((s) => s.locationId)]) {
    const isWarehouse = locationId === warehouseLocationId;
    products.forEach((product, i) => {
      const productId = ids.get(locationId)?.get(product.sku);
      if (!productId) throw new Error(`demo seed: ${product.sku} is missing at a location`);
      const isLow = !isWarehouse && i % 37 === 5;
      // The warehouse runs low on some lines too: its suggested orders have something to order.
      const isWarehouseLow = isWarehouse && i % 9 === 4 && !moved.has(i);
      items.push({
        productId,
        locationId,
        quantity: isWarehouse
          ? isWarehouseLow
            ? 30 + Math.floor(random() * 100)
            : 400 + Math.floor(random() * 800)
          : isLow
            ? Math.floor(random() * 6)
            : 40 + Math.floor(random() * 120),
        reorderPoint: isWarehouse ? 150 : 12,
      });
    });
  }
  for (let start = 0; start < items.length; start += 500) {
    await client.call('POST', API.inventory.batch, items.slice(start, start + 500));
  }

  const states = ['PENDING', 'IN_TRANSIT', 'COMPLETED', 'CANCELLED'] as const;
  for (let n = 0; n < MOVEMENTS; n++) {
    const state = states[n % 4]!;
    const product = products[(n * 11) % products.length]!;
    const destination = stores[n % stores.length]!.locationId;
    const created = await client.call<TCreatedMovements>('POST', API.stockMovements.create, {
      sku: product.sku,
      sourceLocationId: warehouseLocationId,
      destinationLocationId: destination,
      quantity: 10 + Math.floor(random() * 40),
      note: `Weekly restock ${Math.floor(n / 4) + 1}`,
    });
    const id = created.movements[0]!.id;
    const at = (path: string, code: string) =>
      client.call('PUT', `${path.replace(':id', id)}?validationCode=${code}`);
    if (state === 'IN_TRANSIT' || state === 'COMPLETED')
      await at(API.stockMovements.validateSource, created.sourceValidationCode);
    if (state === 'COMPLETED')
      await at(API.stockMovements.validateDestination, created.destinationValidationCode);
    if (state === 'CANCELLED') await client.call('PUT', API.stockMovements.cancel.replace(':id', id));
  }
}
