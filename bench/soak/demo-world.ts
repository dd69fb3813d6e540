import { API, ZLoginResponse, ZStockPage, ZStoreList, ZWarehouseList, type TStockRow } from '@app/contracts';
import type { Sample } from './soak-stats.js';

/** The demo's owner (apps/server/src/demo/demo-account.ts): public on purpose, shown on /login. */
export const DEMO_LOGIN = { email: 'owner@demo-market.example', password: 'Demo-Market-2026' } as const;

/** Longest wait for one answer; a report of the slow movers takes about a second. */
const REQUEST_TIMEOUT_MS = 30_000;

export type Answer = { status: Sample['status']; body?: unknown };

/** The soak's client: the owner's bearer token, renewed before it expires. */
export class DemoClient {
  private token = '';
  private expiresAt = 0;

  constructor(readonly baseUrl: string) {}

  async signIn(): Promise<void> {
    const response = await fetch(`${this.baseUrl}${API.auth.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_LOGIN),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`demo sign-in answered ${response.status}: ${text.slice(0, 300)}`);
    const session = ZLoginResponse.parse(JSON.parse(text));
    this.token = session.token;
    this.expiresAt = Date.now() + session.expiresIn * 1000;
  }

  /** Signs in again when the token has less than 10 minutes left (a token lasts an hour). */
  async renewIfDue(): Promise<void> {
    if (Date.now() > this.expiresAt - 10 * 60_000) await this.signIn();
  }

  /**
   * One request. The answer's body is read always (the connection goes back to the pool) and
   * parsed only when `isRead`. A timeout or a network failure is an outcome, never a throw.
   */
  async call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: {
      body?: unknown;
      headers?: Record<string, string>;
      isRead?: boolean;
      signal?: AbortSignal;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json',
      ...options.headers,
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    // One controller a request, aborted by its timer or by the soak's stop; no AbortSignal.any,
    // which keeps every signal it combined for as long as the long-lived stop signal lives.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('timed out', 'TimeoutError')),
      REQUEST_TIMEOUT_MS,
    );
    const onStop = () => controller.abort(new DOMException('stopped', 'AbortError'));
    options.signal?.addEventListener('abort', onStop, { once: true });
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: controller.signal,
      });
      if (options.isRead && response.ok) return { status: response.status, body: await response.json() };
      await response.arrayBuffer();
      return { status: response.status };
    } catch {
      return { status: controller.signal.aborted ? 'timeout' : 'connection' };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onStop);
    }
  }

  /** A GET that must answer 2xx during the set-up. */
  async read(path: string): Promise<unknown> {
    const answer = await this.call('GET', path, { isRead: true });
    if (answer.status !== 200)
      throw new Error(`GET ${path} answered ${String(answer.status)} during the set-up`);
    return answer.body;
  }
}

/** A stock record the soak sells, moves and tops up; `quantity` is its estimate of the units. */
export type WorldItem = {
  inventoryId: string;
  productId: string;
  locationId: string;
  sku: string;
  barcode: string | null;
  name: string;
  quantity: number;
};

export type WorldLocation = {
  locationId: string;
  /** Set for a store: sales and store analytics name it. */
  storeId: string | undefined;
  name: string;
  items: WorldItem[];
  bySku: Map<string, WorldItem>;
};

export type DemoWorld = {
  stores: WorldLocation[];
  warehouse: WorldLocation;
  locations: WorldLocation[];
};

/** Demo Market as its owner sees it: three stores and the warehouse, each with its stock. */
export async function discoverDemoWorld(client: DemoClient): Promise<DemoWorld> {
  const stores = ZStoreList.parse(await client.read(API.stores.business));
  const warehouses = ZWarehouseList.parse(await client.read(API.warehouses.root));
  const warehouse = warehouses[0];
  if (stores.length < 2 || !warehouse)
    throw new Error(`the demo business has ${stores.length} stores and ${warehouses.length} warehouses`);
  const locations: WorldLocation[] = [];
  const places: Array<{ locationId: string; storeId: string | undefined; name: string }> = [
    ...stores.map((s) => ({ locationId: s.locationId, storeId: s.id, name: s.name })),
    { locationId: warehouse.locationId, storeId: undefined, name: warehouse.name },
  ];
  for (const place of places) {
    const items: WorldItem[] = [];
    for (let page = 0; ; page++) {
      const path = `${API.inventory.pageAtLocation.replace(':locationId', place.locationId)}?page=${page}&size=100`;
      const stock = ZStockPage.parse(await client.read(path));
      items.push(...stock.content.map(itemOf));
      if (page + 1 >= stock.totalPages) break;
    }
    if (items.length === 0) throw new Error(`${place.name} has no stock records`);
    locations.push({ ...place, items, bySku: new Map(items.map((item) => [item.sku, item])) });
  }
  const storeLocations = locations.filter((location) => location.storeId !== undefined);
  const warehouseLocation = locations.find((location) => location.storeId === undefined);
  if (!warehouseLocation) throw new Error('the warehouse went missing');
  return { stores: storeLocations, warehouse: warehouseLocation, locations };
}

export function itemOf(row: TStockRow): WorldItem {
  return {
    inventoryId: row.id,
    productId: row.productId,
    locationId: row.locationId,
    sku: row.sku,
    barcode: row.barcode,
    name: row.productName,
    quantity: row.quantity,
  };
}
