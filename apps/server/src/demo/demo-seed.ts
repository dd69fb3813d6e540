import { API, type TLoginResponse, type TStore, type TWarehouse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Db } from '../platform/db/database.js';
import { dateInTimeZone, instantOfWallTime } from '../platform/zoned-time.js';
import { DEMO_BUSINESS_NAME, DEMO_DOMAIN, DEMO_OWNER, DEMO_STAFF } from './demo-account.js';
import { demoClient, type DemoClient } from './demo-client.js';
import { demoProducts, type DemoProduct } from './demo-catalogue.js';
import { productTile } from './demo-images.js';
import { dropMailsTo, linkTokenMailedTo } from './demo-mail.repository.js';
import { demoOwnerExists } from './demo-reads.repository.js';
import { setDemoAverageCosts } from './demo-costs.repository.js';
import { writeSalesHistory } from './demo-sales.repository.js';
import { seedCatalogue, seedStockAndMovements } from './demo-stock.js';

export type DemoSize = { products: number; months: number; lines: number };

/** What `npm run seed:demo` and the first `npm start` make. */
export const FULL_DEMO: DemoSize = { products: 300, months: 12, lines: 200_000 };

export type DemoSeedDeps = {
  app: FastifyInstance;
  /** The request role's pool: the history is written as a request writes a sale. */
  db: Db;
  /** The owner's pool: only to read the sign-up links from the mail queue. */
  owner: pg.Pool;
  now?: Date;
  /** The business's time zone; the host's by default, so "today" is the visitor's today. */
  timeZone?: string;
  log?: (message: string) => void;
};

export type DemoSeedResult =
  | { status: 'exists'; email: string; password: string }
  | {
      status: 'created';
      email: string;
      password: string;
      businessId: string;
      sales: number;
      lines: number;
      ms: number;
    };

const STORES = [
  { name: 'Demo Market Riverside', city: 'Riverside', weight: 1 },
  { name: 'Demo Market Old Town', city: 'Old Town', weight: 0.75 },
  { name: 'Demo Market Station', city: 'Station Square', weight: 0.55 },
];

/**
 * Creates "Demo Market" on the Advanced plan (DESIGN 9 demo data): the owner, staff, stores,
 * warehouse and catalogue through the API's own routes, a year of sales in bulk SQL. A second
 * run changes nothing and says so: the demo is made once per database.
 */
export async function seedDemo(deps: DemoSeedDeps, size: DemoSize = FULL_DEMO): Promise<DemoSeedResult> {
  const started = Date.now();
  const say = deps.log ?? (() => undefined);
  const log = (line: string) => say(`${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const credentials = { email: DEMO_OWNER.email, password: DEMO_OWNER.password };
  if (await demoOwnerExists(deps.db, DEMO_OWNER.email)) return { status: 'exists', ...credentials };
  say(
    `demo: seeding "${DEMO_BUSINESS_NAME}" with ${size.products} products and ${size.months} months of sales`,
  );
  const now = deps.now ?? new Date();
  const timeZone = deps.timeZone ?? hostTimeZone();
  const client = demoClient(deps.app);

  const { businessId, ownerId } = await openBusiness(deps, client, timeZone);
  log('demo: owner, business and Advanced plan ready');
  const stores: Array<{ storeId: string; locationId: string }> = [];
  for (const store of STORES) stores.push(await openStore(client, store));
  const location = await client.call<{ id: string }>('POST', API.locations.root, {
    name: 'Central Warehouse',
    city: 'Harbour District',
  });
  const warehouse = await client.call<TWarehouse>('POST', API.warehouses.root, {
    name: 'Demo Market Central Warehouse',
    locationId: location.id,
    capacity: 250_000,
    managerName: 'Ivan Petrov',
  });
  const products = demoProducts(size.products);
  await seedCatalogue(
    client,
    products,
    warehouse.locationId,
    stores.map((s) => s.locationId),
    productTile,
  );
  log(`demo: ${products.length} products with images at ${stores.length} stores and the warehouse`);
  await seedStockAndMovements(deps.db, client, businessId, products, warehouse.locationId, stores);
  const costed = await setDemoAverageCosts(deps.db, businessId);
  log(`demo: stock and 40 stock movements; ${costed} items with an average cost`);
  const cashierIds = [ownerId];
  for (const member of DEMO_STAFF) {
    const userId = await addStaff(deps, client, member, stores[member.atStore ?? -1]?.locationId);
    if (member.roles.some((role) => role.startsWith('ROLE_STORE') || role === 'ROLE_BUSINESS_ADMIN'))
      cashierIds.push(userId);
  }
  log(`demo: ${DEMO_STAFF.length} staff`);
  await seedBroadcasts(client, stores);
  log('demo: two broadcasts (the low-stock alerts came with the stock)');

  const toDay = dateInTimeZone(now, timeZone);
  const fromDay = addDays(addMonths(toDay, -size.months), 1);
  const promotions = planPromotions(products, fromDay, toDay);
  await startCurrentPromotion(client, promotions.at(-1), toDay, timeZone, stores);
  log('demo: the running promotion');
  const history = await writeSalesHistory(deps.db, {
    businessId,
    timeZone,
    fromDay,
    toDay,
    now,
    lines: size.lines,
    stores: stores.map((store, i) => ({ ...store, weight: STORES[i]!.weight })),
    catalogue: products.map((p) => ({ sku: p.sku, rank: p.rank, season: p.season })),
    promotions,
    cashierIds,
  });
  await dropMailsTo(deps.owner, DEMO_DOMAIN);
  log(`demo: ${history.sales} sales with ${history.lines} lines from ${fromDay} to ${toDay}`);
  return { status: 'created', ...credentials, businessId, ...history, ms: Date.now() - started };
}

/** What a owner sends her staff in a normal week: one note to everyone, one to a store's team. */
async function seedBroadcasts(client: DemoClient, stores: ReadonlyArray<{ storeId: string }>): Promise<void> {
  await client.call('POST', API.alerts.root, {
    title: 'Stocktake on Sunday',
    message:
      'We count every shelf on Sunday before opening. Please finish your section by 10:00 and note anything damaged.',
    severity: 'INFO',
    scope: 'BUSINESS',
  });
  await client.call('POST', API.alerts.root, {
    title: 'Freezer service on Tuesday',
    message: 'The technician comes at 7:00. Move the frozen goods to the back freezer on Monday evening.',
    severity: 'WARNING',
    scope: 'STORE',
    storeId: stores[0]?.storeId,
    roles: ['ROLE_STORE_ASSISTANT', 'ROLE_INVENTORY_ADMIN'],
  });
}

async function openBusiness(deps: DemoSeedDeps, client: DemoClient, timeZone: string) {
  const { userId } = await client.call<{ userId: string }>('POST', API.auth.register, {
    fullName: DEMO_OWNER.fullName,
    email: DEMO_OWNER.email,
    password: DEMO_OWNER.password,
  });
  const token = await linkTokenMailedTo(deps.owner, DEMO_OWNER.email);
  await client.call('GET', `${API.auth.verifyEmail}?token=${token}`);
  await signIn(client);
  const business = await client.form<{ id: string }>(API.businesses.create, [
    {
      name: 'business',
      value: JSON.stringify({
        businessName: DEMO_BUSINESS_NAME,
        industryType: 'retail',
        description: 'A neighbourhood grocery with three stores and a central warehouse (demo data).',
        businessEmail: `hello@${DEMO_DOMAIN}`,
        timeZone,
        currency: 'USD',
      }),
    },
  ]);
  await signIn(client);
  await client.call('POST', API.subscriptions.root, { planId: 'ADVANCED' });
  return { businessId: business.id, ownerId: userId };
}

async function signIn(client: DemoClient): Promise<void> {
  client.token = null;
  const session = await client.call<TLoginResponse>('POST', API.auth.login, {
    email: DEMO_OWNER.email,
    password: DEMO_OWNER.password,
  });
  client.token = session.token;
}

async function openStore(client: DemoClient, store: (typeof STORES)[number]) {
  const location = await client.call<{ id: string }>('POST', API.locations.root, {
    name: store.name,
    city: store.city,
  });
  const created = await client.form<TStore>(API.stores.root, [
    {
      name: 'store',
      value: JSON.stringify({
        name: store.name,
        locationId: location.id,
        openingHours: 'Mon-Sun 8:00-20:00',
      }),
    },
    {
      name: 'image',
      value: await productTile(store.name.replace('Demo Market ', ''), '#00897b', 320),
      filename: 'store.png',
      contentType: 'image/png',
    },
  ]);
  return { storeId: created.id, locationId: location.id };
}

async function addStaff(
  deps: DemoSeedDeps,
  client: DemoClient,
  member: (typeof DEMO_STAFF)[number],
  locationId: string | undefined,
): Promise<string> {
  const user = await client.call<{ id: string }>('POST', API.users.root, {
    fullName: member.fullName,
    email: member.email,
    roles: member.roles,
    ...(locationId ? { locationId } : {}),
  });
  const token = await linkTokenMailedTo(deps.owner, member.email);
  const saved = client.token;
  client.token = null;
  await client.call('POST', `${API.users.validateAccount}?token=${token}`, {
    newPassword: DEMO_OWNER.password,
  });
  client.token = saved;
  return user.id;
}

/**
 * Six two-week promotions spread over the year, the last one running now; each puts ten
 * products (picked by a fixed stride) at 15 to 30 % off.
 */
function planPromotions(products: DemoProduct[], fromDay: string, toDay: string) {
  const span = daysBetween(fromDay, toDay);
  const count = Math.max(1, Math.min(6, Math.floor(span / 30)));
  return Array.from({ length: count }, (_, i) => {
    const end = addDays(toDay, 9 - Math.round((i * span) / count));
    const skus = products.filter((_, j) => (j * 7 + i * 3) % products.length < 10).map((p) => p.sku);
    return { fromDay: addDays(end, -13), toDay: end, percent: [20, 15, 25, 30, 20, 25][i % 6]!, skus };
  }).reverse();
}

/** The running promotion is a real discount at each store: the till charges it today. */
async function startCurrentPromotion(
  client: DemoClient,
  promotion: ReturnType<typeof planPromotions>[number] | undefined,
  toDay: string,
  timeZone: string,
  stores: Array<{ locationId: string }>,
) {
  if (!promotion || promotion.toDay < toDay) return;
  const from = midnightOf(promotion.fromDay, timeZone).toISOString();
  const to = midnightOf(addDays(promotion.toDay, 1), timeZone).toISOString();
  for (const store of stores) {
    for (const sku of promotion.skus) {
      const query = new URLSearchParams({
        sku,
        locationId: store.locationId,
        discountPercentage: String(promotion.percent),
        discountValidFrom: from,
        discountValidTo: to,
      });
      await client.call('POST', `${API.discounts.createOrUpdate}?${query.toString()}`);
    }
  }
}

function midnightOf(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return instantOfWallTime({ year, month, day: date, hour: 0, minute: 0 }, timeZone);
}

function hostTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
