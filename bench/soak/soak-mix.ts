import { randomUUID } from 'node:crypto';
import {
  API,
  PREDEFINED_REPORTS,
  ZCreatedMovements,
  ZStockPage,
  type TCreateSaleRequest,
} from '@app/contracts';
import type { DemoClient, DemoWorld, WorldItem, WorldLocation } from './demo-world.js';
import type { Kind, Sample } from './soak-stats.js';

/**
 * The soak's traffic: what the staff of Demo Market do in a day, as weighted calls through the
 * real routes. Every entry sends exactly one request. The soak keeps an estimate of each stock
 * record's units (from the stock pages it reads and the changes it makes) so that tills sell what
 * the store has and transfers leave from where stock is; the database decides, and a 409 from a
 * race is counted apart.
 */

export type MixEntry = { kind: Kind; action: string; weight: number };
export type MixCall = MixEntry & { run: (signal: AbortSignal) => Promise<Sample['status']> };

/** A stock record below this is topped up to TOP_UP_TO by the next top-up. */
const TOP_UP_TO = 150;
/** Units a till or a transfer leaves on the shelf: the estimate may lag behind the database. */
const SAFETY_UNITS = 5;
/** Open transfers beyond which a new one waits for the open ones to be validated. */
const MAX_OPEN_MOVEMENTS = 100;
/** Stored report ids kept for exports. */
const KEPT_REPORTS = 20;

type OpenMovement = {
  id: string;
  sourceCode: string;
  destinationCode: string;
  source: WorldItem;
  destination: WorldItem | undefined;
  quantity: number;
};

function pick<T>(list: readonly T[]): T {
  const value = list[Math.floor(Math.random() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

function between(low: number, high: number): number {
  return low + Math.floor(Math.random() * (high - low + 1));
}

/** The entry `roll` (0 <= roll < total weight) falls on, walking the entries in order. */
export function pickWeighted<T extends { weight: number }>(entries: readonly T[], roll: number): T {
  let rest = roll;
  for (const entry of entries) {
    rest -= entry.weight;
    if (rest < 0) return entry;
  }
  const last = entries.at(-1);
  if (!last) throw new Error('pick from an empty mix');
  return last;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** The analytics' `dd-MM-yyyy HH:mm`, in this host's zone: the demo business has the host's zone. */
export function analyticsTime(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** From 00:00 `days - 1` days ago to 23:59 today: today, the week, the month, the quarter. */
export function analyticsRange(days: number, now = new Date()): { start: string; end: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1), 0, 0);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59);
  return { start: analyticsTime(start), end: analyticsTime(end) };
}

const query = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
  return `?${params.toString()}`;
};

const AI_QUESTIONS = ['best sellers last month', 'margin by category last 30 days'];

export function createMix(client: DemoClient, world: DemoWorld) {
  const pending: OpenMovement[] = [];
  const inTransit: OpenMovement[] = [];
  const reportIds: string[] = [];
  let lastSale: { key: string; body: TCreateSaleRequest } | undefined;

  const ok = (status: Sample['status']) => typeof status === 'number' && status >= 200 && status < 300;
  const anyStore = () => pick(world.stores);
  const anyLocation = () => (Math.random() < 0.8 ? anyStore() : world.warehouse);
  const storeIdOf = (location: WorldLocation) => location.storeId ?? '';
  const rangeDays = () => pick([1, 7, 30, 30, 90]);

  /** Items of `location` with at least `units` beyond the safety margin, by the estimate. */
  const stocked = (location: WorldLocation, units: number) =>
    location.items.filter((item) => item.quantity >= units + SAFETY_UNITS);

  async function sell(signal: AbortSignal): Promise<Sample['status']> {
    const store = anyStore();
    const lines = new Map<string, { item: WorldItem; quantity: number }>();
    const candidates = stocked(store, 3);
    for (let i = between(1, 4); i > 0 && candidates.length > 0; i--) {
      const item = pick(candidates);
      lines.set(item.sku, { item, quantity: Math.random() < 0.7 ? 1 : between(2, 3) });
    }
    if (lines.size === 0) return topUp(signal);
    const body: TCreateSaleRequest = {
      storeId: storeIdOf(store),
      // A till scans barcodes; a typed SKU now and then.
      lines: [...lines.values()].map(({ item, quantity }) =>
        item.barcode && Math.random() < 0.8
          ? { barcode: item.barcode, quantity }
          : { sku: item.sku, quantity },
      ),
      paymentMethod: pick(['CARD', 'CARD', 'CARD', 'CASH', 'OTHER'] as const),
    };
    const key = randomUUID();
    const { status } = await client.call('POST', API.sales.root, {
      body,
      headers: { 'idempotency-key': key },
      signal,
    });
    if (ok(status)) {
      for (const { item, quantity } of lines.values()) item.quantity -= quantity;
      lastSale = { key, body };
    } else if (status === 409) {
      // Out of stock after all: the estimate was stale; the next top-up finds these items first.
      for (const { item } of lines.values()) item.quantity = 0;
    }
    return status;
  }

  /** A till that lost the answer sends the same sale with the same key: it answers the first sale. */
  async function resendSale(signal: AbortSignal): Promise<Sample['status']> {
    if (!lastSale) return sell(signal);
    const { status } = await client.call('POST', API.sales.root, {
      body: lastSale.body,
      headers: { 'idempotency-key': lastSale.key },
      signal,
    });
    return status;
  }

  async function topUp(signal: AbortSignal): Promise<Sample['status']> {
    let lowest: WorldItem | undefined;
    for (const location of world.locations)
      for (const item of location.items) if (!lowest || item.quantity < lowest.quantity) lowest = item;
    if (!lowest) throw new Error('no stock records');
    const target = lowest;
    // Nothing low: a correction someone counted, a few units either way.
    const delta = target.quantity < TOP_UP_TO - 50 ? TOP_UP_TO - target.quantity : 0;
    return adjust(
      target,
      delta > 0 ? delta : pick([-2, -1, 1, 2, 3]),
      delta > 0 ? 'RECEIVED' : 'CORRECTION',
      signal,
    );
  }

  async function adjust(
    item: WorldItem,
    delta: number,
    reason: string,
    signal: AbortSignal,
  ): Promise<Sample['status']> {
    const { status } = await client.call('PUT', API.inventory.adjust.replace(':id', item.inventoryId), {
      body: { delta, reason },
      headers: { 'idempotency-key': randomUUID() },
      signal,
    });
    if (ok(status)) item.quantity += delta;
    return status;
  }

  async function damaged(signal: AbortSignal): Promise<Sample['status']> {
    const candidates = stocked(anyLocation(), 2);
    if (candidates.length === 0) return topUp(signal);
    return adjust(pick(candidates), -between(1, 2), pick(['DAMAGED', 'EXPIRED']), signal);
  }

  /** A transfer: mostly the warehouse restocking a store, now and then one store helping another. */
  async function createMovement(signal: AbortSignal): Promise<Sample['status']> {
    if (pending.length + inTransit.length >= MAX_OPEN_MOVEMENTS) return validateSource(signal);
    const isRestock = Math.random() < 0.7;
    const source = isRestock ? world.warehouse : anyStore();
    const destination = pick(world.stores.filter((store) => store !== source));
    const quantity = isRestock ? between(5, 20) : between(1, 5);
    const candidates = stocked(source, quantity);
    if (candidates.length === 0) return topUp(signal);
    const item = pick(candidates);
    // Counted out at creation: a second transfer must not plan on the same units.
    item.quantity -= quantity;
    const answer = await client.call('POST', API.stockMovements.create, {
      body: {
        sku: item.sku,
        sourceLocationId: source.locationId,
        destinationLocationId: destination.locationId,
        quantity,
      },
      isRead: true,
      signal,
    });
    if (!ok(answer.status)) {
      item.quantity += quantity;
      return answer.status;
    }
    const created = ZCreatedMovements.parse(answer.body);
    const movement = created.movements[0];
    if (movement)
      pending.push({
        id: movement.id,
        sourceCode: created.sourceValidationCode,
        destinationCode: created.destinationValidationCode,
        source: item,
        destination: destination.bySku.get(item.sku),
        quantity,
      });
    return answer.status;
  }

  async function validateSource(signal: AbortSignal): Promise<Sample['status']> {
    const movement = pending.shift();
    if (!movement) return createMovement(signal);
    const path = `${API.stockMovements.validateSource.replace(':id', movement.id)}${query({ validationCode: movement.sourceCode })}`;
    const { status } = await client.call('PUT', path, { signal });
    if (ok(status)) inTransit.push(movement);
    else movement.source.quantity += movement.quantity;
    return status;
  }

  async function validateDestination(signal: AbortSignal): Promise<Sample['status']> {
    const movement = inTransit.shift();
    if (!movement) return validateSource(signal);
    const path = `${API.stockMovements.validateDestination.replace(':id', movement.id)}${query({ validationCode: movement.destinationCode })}`;
    const { status } = await client.call('PUT', path, { signal });
    if (ok(status) && movement.destination) movement.destination.quantity += movement.quantity;
    return status;
  }

  async function cancelMovement(signal: AbortSignal): Promise<Sample['status']> {
    const movement = pending.pop();
    if (!movement) return createMovement(signal);
    const { status } = await client.call('PUT', API.stockMovements.cancel.replace(':id', movement.id), {
      signal,
    });
    if (ok(status)) movement.source.quantity += movement.quantity;
    return status;
  }

  /** The stock table a manager pages through; its rows correct the soak's estimates. */
  async function stockPage(signal: AbortSignal): Promise<Sample['status']> {
    const location = anyLocation();
    const isLowOnly = Math.random() < 0.15;
    const path = `${API.inventory.pageAtLocation.replace(':locationId', location.locationId)}${query({
      page: isLowOnly ? 0 : between(0, Math.max(0, Math.ceil(location.items.length / 50) - 1)),
      size: 50,
      isLowStock: isLowOnly ? 'true' : undefined,
    })}`;
    const answer = await client.call('GET', path, { isRead: true, signal });
    if (ok(answer.status)) {
      for (const row of ZStockPage.parse(answer.body).content) {
        const item = location.bySku.get(row.sku);
        // Units on their way out are already counted out of the estimate at creation.
        if (item) item.quantity = row.quantity - pendingUnits(item);
      }
    }
    return answer.status;
  }

  const pendingUnits = (item: WorldItem) =>
    pending.reduce((sum, movement) => (movement.source === item ? sum + movement.quantity : sum), 0);

  const get = (path: string, signal: AbortSignal) =>
    client.call('GET', path, { signal }).then((answer) => answer.status);

  function analyticsCall(signal: AbortSignal): Promise<Sample['status']> {
    const a = API.salesAnalytics;
    const store = anyStore();
    const range = analyticsRange(rangeDays());
    const storeId = storeIdOf(store);
    const calls: Array<() => string> = [
      () => `${a.topBusiness}${query({ ...range, limit: 10 })}`,
      () => `${a.topQuantityBusiness}${query({ ...range, limit: 10 })}`,
      () => `${a.leastBusiness}${query({ ...range, limit: 10 })}`,
      () => `${a.trendsBusiness}${query({ ...range, interval: 'daily' })}`,
      () => `${a.totalBusiness}${query(range)}`,
      () => `${a.totalWeekBusiness}`,
      () => `${a.storesTop}${query(range)}`,
      () => `${a.storesTopWeekly}`,
      () => `${a.top}${query({ ...range, storeId, limit: 10 })}`,
      () => `${a.trends}${query({ ...range, storeId, interval: 'daily' })}`,
      () => `${a.total}${query({ ...range, storeId })}`,
      () => `${a.totalWeek}${query({ storeId })}`,
      () => `${a.filter}${query({ ...range, storeId })}`,
      () => `${a.productTrend}${query({ ...range, storeId, sku: pick(store.items).sku })}`,
    ];
    return get(pick(calls)(), signal);
  }

  async function basicReport(signal: AbortSignal): Promise<Sample['status']> {
    const option = pick(PREDEFINED_REPORTS);
    const answer = await client.call('GET', `${API.reports.basic}${query({ predefinedOption: option })}`, {
      isRead: true,
      signal,
    });
    const id = (answer.body as { id?: unknown } | undefined)?.id;
    if (ok(answer.status) && typeof id === 'string') {
      reportIds.push(id);
      if (reportIds.length > KEPT_REPORTS) reportIds.shift();
    }
    return answer.status;
  }

  const calls: MixCall[] = [
    // Browsing: the catalogue, the stock table, a product, a till's scan, the day's sales.
    {
      kind: 'browse',
      action: 'products page',
      weight: 8,
      run: (signal) => {
        const location = anyLocation();
        const pages = Math.max(1, Math.ceil(location.items.length / 20));
        const path = `${API.products.byLocation.replace(':locationId', location.locationId)}${query({ page: between(0, pages - 1), size: 20 })}`;
        return get(path, signal);
      },
    },
    {
      kind: 'browse',
      action: 'product search',
      weight: 7,
      run: (signal) => {
        const location = anyLocation();
        const item = pick(location.items);
        const prefix =
          Math.random() < 0.5 ? item.sku.slice(0, between(3, 6)) : item.name.slice(0, between(2, 5));
        const path = `${API.products.search.replace(':locationId', location.locationId)}${query({ query: prefix, size: 20 })}`;
        return get(path, signal);
      },
    },
    { kind: 'browse', action: 'stock page', weight: 9, run: stockPage },
    {
      kind: 'browse',
      action: 'product',
      weight: 5,
      run: (signal) => {
        const location = anyLocation();
        const item = pick(location.items);
        return get(
          `${API.products.byId.replace(':id', item.productId)}${query({ locationId: location.locationId })}`,
          signal,
        );
      },
    },
    {
      kind: 'browse',
      action: 'till lookup',
      weight: 5,
      run: (signal) => {
        const store = anyStore();
        const item = pick(store.items);
        return get(
          `${API.sales.lookup}${query({ storeId: storeIdOf(store), code: item.barcode ?? item.sku })}`,
          signal,
        );
      },
    },
    {
      kind: 'browse',
      action: 'sales list',
      weight: 4,
      run: (signal) => get(`${API.sales.root}${query({ storeId: storeIdOf(anyStore()), size: 20 })}`, signal),
    },
    // Tills.
    { kind: 'sale', action: 'sale', weight: 21, run: sell },
    { kind: 'sale', action: 'sale resent', weight: 1, run: resendSale },
    // Transfers, each through its three steps with the codes it was given.
    { kind: 'movement', action: 'create', weight: 3, run: createMovement },
    { kind: 'movement', action: 'validate source', weight: 3, run: validateSource },
    { kind: 'movement', action: 'validate destination', weight: 3, run: validateDestination },
    { kind: 'movement', action: 'cancel', weight: 0.5, run: cancelMovement },
    // Stock adjustments: deliveries to the lowest records, breakage.
    { kind: 'adjust', action: 'top up', weight: 4, run: topUp },
    { kind: 'adjust', action: 'damaged', weight: 2, run: damaged },
    // The analytics screens: the cache answers a question asked again until a sale changes its days.
    { kind: 'analytics', action: 'analytics call', weight: 12, run: analyticsCall },
    {
      kind: 'analytics',
      action: 'filter-advanced',
      weight: 2,
      run: async (signal) =>
        (
          await client.call('POST', API.salesAnalytics.filterAdvanced, {
            body: { ...analyticsRange(rangeDays()), groupBy: pick(['product', 'category', 'store', 'day']) },
            signal,
          })
        ).status,
    },
    // Everyone's bell.
    {
      kind: 'alerts',
      action: 'inbox',
      weight: 6,
      run: (signal) =>
        get(
          `${API.alerts.inbox}${query({ size: 10, unread: Math.random() < 0.3 ? 'true' : undefined })}`,
          signal,
        ),
    },
    {
      kind: 'alerts',
      action: 'business alerts',
      weight: 2,
      run: (signal) => get(API.alerts.business, signal),
    },
    // Reports: slow (the slow movers read a year of lines), so rare.
    { kind: 'report', action: 'basic report', weight: 0.4, run: basicReport },
    {
      kind: 'report',
      action: 'ai report',
      weight: 0.1,
      run: async (signal) =>
        (
          await client.call('POST', API.reports.advancedAi, {
            body: { userQuery: pick(AI_QUESTIONS) },
            signal,
          })
        ).status,
    },
    {
      kind: 'report',
      action: 'export',
      weight: 0.1,
      run: (signal) => {
        if (reportIds.length === 0) return basicReport(signal);
        const path = `${API.reports.exportFinal}${query({ reportId: pick(reportIds), format: pick(['pdf', 'xlsx', 'csv']) })}`;
        return get(path, signal);
      },
    },
  ];
  const totalWeight = calls.reduce((sum, call) => sum + call.weight, 0);

  return {
    /** The weighted table, for the report. */
    entries: calls.map(({ kind, action, weight }): MixEntry => ({ kind, action, weight })),
    totalWeight,
    next: (): MixCall => pickWeighted(calls, Math.random() * totalWeight),
    /** Transfers created and not yet validated at both ends. */
    openMovements: () => pending.length + inTransit.length,
  };
}
