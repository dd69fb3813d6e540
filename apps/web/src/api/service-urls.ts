/**
 * One base URL per server service (DESIGN section 2). All default to the app's own origin, so the
 * services can move to their own processes later without changing the client.
 */
export type Service = 'access' | 'product' | 'inventory' | 'loyalty' | 'sales' | 'analytics' | 'audit';

const configured: Record<Service, string | undefined> = {
  access: import.meta.env.VITE_ACCESS_API_URL,
  product: import.meta.env.VITE_PRODUCT_API_URL,
  inventory: import.meta.env.VITE_INVENTORY_API_URL,
  loyalty: import.meta.env.VITE_LOYALTY_API_URL,
  sales: import.meta.env.VITE_SALES_API_URL,
  analytics: import.meta.env.VITE_ANALYTICS_API_URL,
  audit: import.meta.env.VITE_AUDIT_API_URL,
};

/** An absolute URL for a path of a service (absolute so it works in tests as in browsers). */
export function resolveServiceUrl(path: string, service: Service = 'access'): string {
  if (/^https?:\/\//.test(path)) return path;
  const base = (configured[service]?.trim() || window.location.origin).replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
