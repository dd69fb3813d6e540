/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL per service; empty means the app's own origin (DESIGN section 2). */
  readonly VITE_ACCESS_API_URL?: string;
  readonly VITE_PRODUCT_API_URL?: string;
  readonly VITE_INVENTORY_API_URL?: string;
  readonly VITE_LOYALTY_API_URL?: string;
  readonly VITE_SALES_API_URL?: string;
  readonly VITE_ANALYTICS_API_URL?: string;
  readonly VITE_AUDIT_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
