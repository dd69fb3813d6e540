import { AUTH_PATHS, VALIDATE_ACCOUNT_PATH } from './auth-paths.js';

export { AUTH_PATHS, VALIDATE_ACCOUNT_PATH } from './auth-paths.js';

/** API paths of DESIGN section 3. Both the server routes and the web endpoints use these. */
export const API = {
  health: '/api/health',
  ready: '/api/ready',
  metrics: '/api/metrics',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  auth: AUTH_PATHS,
  users: {
    root: '/api/users',
    byId: '/api/users/:id',
    disable: '/api/users/:id/disable',
    enable: '/api/users/:id/enable',
    roles: '/api/users/:id/roles',
    rolesRemove: '/api/users/:id/roles/remove',
    picture: '/api/users/:id/picture',
    resendInvitation: '/api/users/:id/resend-invitation',
    byLocation: '/api/users/location/:locationId',
    ids: '/api/users/ids',
    idsByBusiness: '/api/users/ids/by-business/:businessId',
    total: '/api/users/total',
    businessUsers: '/api/users/business-users',
    search: '/api/users/search',
    /** Applies a new address: the page of the link mailed to it posts the link's token here. */
    confirmEmail: '/api/users/confirm-email',
    validateAccount: VALIDATE_ACCOUNT_PATH,
  },
  businesses: {
    create: '/api/businesses/create',
    byId: '/api/businesses/:id',
    setupProgress: '/api/businesses/:id/setup-progress',
    close: '/api/businesses/:id/close',
    activate: '/api/businesses/:id/activate',
  },
  subscriptions: {
    /** Public (no token): DESIGN 3 serves the specification's /subscription-plans under /api. */
    plans: '/api/subscription-plans',
    root: '/api/subscriptions',
    current: '/api/subscriptions/current',
    byId: '/api/subscriptions/:id',
    reactivate: '/api/subscriptions/:id/reactivate',
    autoRenew: '/api/subscriptions/:id/auto-renew',
  },
  stripe: {
    connect: '/api/stripe/connect',
    reauth: '/api/stripe/reauth',
    expressDashboard: '/api/stripe/express-dashboard',
    webhook: '/api/stripe/webhook',
    /** The sandbox's onboarding page posts here to complete the account (sandbox only). */
    sandboxOnboarding: '/api/stripe/sandbox/onboarding',
  },
  sales: {
    root: '/api/sales',
    /** What a scanned or typed code sells at a store, priced as a sale now would be. */
    lookup: '/api/sales/lookup',
    /** The till's look-up of a loyalty member by card code, e-mail or phone. */
    loyaltyMember: '/api/sales/loyalty-member',
    byId: '/api/sales/:id',
    refund: '/api/sales/:id/refund',
    byStore: '/api/sales/:saleId/store/:storeId',
  },
  loyaltyTemplates: {
    root: '/api/loyalty-templates',
    active: '/api/loyalty-templates/active',
    byId: '/api/loyalty-templates/:id',
    status: '/api/loyalty-templates/:id/status',
  },
  loyaltyProgram: {
    activate: '/api/business/loyalty-program/activate/:templateId',
    deactivate: '/api/business/loyalty-program/deactivate',
    reactivate: '/api/business/loyalty-program/reactivate/:programId',
    active: '/api/business/loyalty-program/active',
    override: '/api/business/loyalty-program/:programId/override',
  },
  alerts: {
    root: '/api/alerts',
    business: '/api/alerts/business',
    inbox: '/api/alerts/inbox',
    /** The signed-in user's live alerts (server-sent events). */
    stream: '/api/alerts/stream',
    /** Marks every alert of her inbox read. */
    readAll: '/api/alerts/read-all',
    /** GET: the alerts of the store this id names (the specification's /api/alerts/{storeId}); PUT, DELETE: one alert. */
    byId: '/api/alerts/:id',
    read: '/api/alerts/:id/read',
  },
  loyaltyMembers: {
    root: '/api/loyalty/members',
    byId: '/api/loyalty/members/:id',
  },
  salesAnalytics: {
    /** The specification's read of one sale, served by the sales routes too. */
    saleByStore: '/api/sales-analytics/:saleId/store/:storeId',
    topBusiness: '/api/sales-analytics/top/business',
    leastBusiness: '/api/sales-analytics/least/business',
    topQuantityBusiness: '/api/sales-analytics/top-quantity/business',
    leastQuantityBusiness: '/api/sales-analytics/least-quantity/business',
    top: '/api/sales-analytics/top',
    least: '/api/sales-analytics/least',
    topQuantity: '/api/sales-analytics/top-quantity',
    leastQuantity: '/api/sales-analytics/least-quantity',
    filter: '/api/sales-analytics/filter',
    trendsBusiness: '/api/sales-analytics/trends/business',
    trends: '/api/sales-analytics/trends',
    productTrend: '/api/sales-analytics/product-trend',
    totalBusiness: '/api/sales-analytics/total/business',
    total: '/api/sales-analytics/total',
    totalWeekBusiness: '/api/sales-analytics/total/week/business',
    totalWeek: '/api/sales-analytics/total/week',
    storesTop: '/api/sales-analytics/stores/top',
    storesTopWeekly: '/api/sales-analytics/stores/top-weekly',
    /** The stores and categories the analytics screens' pickers offer (analytics roles read no catalogue). */
    choices: '/api/sales-analytics/choices',
    filterAdvanced: '/api/sales-analytics/filter-advanced',
    superFilter: '/api/sales-analytics/super-filter',
    /** What the shop earned per category (issue 16): the filter bodies' conditions, grouped by category. */
    marginByCategory: '/api/sales-analytics/margin-by-category',
  },
  reports: {
    /** The signed-in user's reports, newest first (paged). */
    root: '/api/reports',
    byId: '/api/reports/:id',
    basic: '/api/reports/basic',
    advancedAi: '/api/reports/advanced/ai',
    supremeAi: '/api/reports/supreme/ai',
    predict: '/api/reports/predict',
    exportFinal: '/api/reports/export/final',
    /** Products of a store to forecast, for the analytics roles (who read no catalogue). */
    products: '/api/reports/products',
  },
  audit: {
    /** Every user's entries (the "all users" view), with optional filters. */
    root: '/api/audit',
    export: '/api/audit/export',
    byUser: '/api/audit/user/:userId',
    byUserAndEvent: '/api/audit/user/:userId/event/:eventType',
    byEvent: '/api/audit/event/:eventType',
  },
  locations: {
    root: '/api/locations',
    byId: '/api/locations/:id',
    unreferenced: '/api/locations/unreferenced',
    business: '/api/locations/business',
    businessUnfiltered: '/api/locations/business-unfiltered',
    autocomplete: '/api/locations/autocomplete',
    reactivate: '/api/locations/:id/reactivate',
    discontinue: '/api/locations/:id/discontinue',
    registerReader: '/api/locations/readers/pos-terminal-register',
  },
  stores: {
    root: '/api/stores',
    byId: '/api/stores/:id',
    toggleBasketWeight: '/api/stores/:id/toggleBasketWeight',
    inventory: '/api/stores/:id/inventory',
    details: '/api/stores/:id/details',
    search: '/api/stores/search',
    byQrCode: '/api/stores/qr/:code',
    nearby: '/api/stores/nearby',
    business: '/api/stores/business',
    businessUnfiltered: '/api/stores/business-unfiltered',
  },
  warehouses: {
    root: '/api/warehouses',
    byId: '/api/warehouses/:id',
    reactivate: '/api/warehouses/:id/reactivate',
    discontinue: '/api/warehouses/:id/discontinue',
  },
  products: {
    root: '/api/products',
    byId: '/api/products/:id',
    generateBarcode: '/api/products/:id/generate-barcode',
    withEntities: '/api/products/:id/with-entities',
    bySku: '/api/products/sku/:sku/location/:locationId',
    byLocation: '/api/products/location/:locationId',
    byBarcode: '/api/products/barcode/:barcode/location/:locationId',
    atLocation: '/api/products/:id/location/:locationId',
    reactivate: '/api/products/:id/location/:locationId/reactivate',
    discontinue: '/api/products/:id/location/:locationId/discontinue',
    search: '/api/products/search/sku/:locationId',
    count: '/api/products/product-count/business',
  },
  categories: {
    root: '/api/categories',
    byId: '/api/categories/:id',
    byLocation: '/api/categories/location/:locationId',
    byLocationUnfiltered: '/api/categories/location/:locationId/unfiltered',
    atLocation: '/api/categories/:categoryId/location/:locationId',
    byName: '/api/categories/by-name',
    reactivate: '/api/categories/:categoryId/location/:locationId/reactivate',
    discontinue: '/api/categories/:categoryId/location/:locationId/discontinue',
  },
  suppliers: {
    root: '/api/suppliers',
    byId: '/api/suppliers/:id',
    reactivate: '/api/suppliers/:id/reactivate',
    discontinue: '/api/suppliers/:id/discontinue',
  },
  containers: {
    root: '/api/carrying-containers',
    byId: '/api/carrying-containers/:id',
    atStore: '/api/carrying-containers/:containerId/store/:storeId',
    byStore: '/api/carrying-containers/store/:storeId',
    byStoreUnfiltered: '/api/carrying-containers/store/:storeId/unfiltered',
    reactivate: '/api/carrying-containers/:id/store/:storeId/reactivate',
    discontinue: '/api/carrying-containers/:id/store/:storeId/discontinue',
  },
  discounts: {
    createOrUpdate: '/api/discounts/create-or-update',
    remove: '/api/discounts/remove',
  },
  inventory: {
    root: '/api/inventory',
    batch: '/api/inventory/batch',
    adjust: '/api/inventory/:id/adjust',
    adjustMany: '/api/inventory/adjust',
    atLocation: '/api/inventory/:id/location/:locationId',
    retire: '/api/inventory/:id/location/:locationId/retire',
    reactivate: '/api/inventory/:id/location/:locationId/reactivate',
    zeroQuantity: '/api/inventory/location/:locationId/zero-quantity',
    withCategory: '/api/inventory/:id/with-category',
    ledger: '/api/inventory/:id/ledger',
    bulkUpload: '/api/inventory/bulk-upload',
    templateExcel: '/api/inventory/template/excel',
    templateCsv: '/api/inventory/template/csv',
    bySku: '/api/inventory/sku/:sku/location/:locationId',
    byProduct: '/api/inventory/product/:id/location/:locationId',
    byBarcode: '/api/inventory/barcode/:barcode/location/:locationId',
    productsSearch: '/api/inventory/products/search',
    productsAtLocation: '/api/inventory/products/location/:locationId',
    pageAtLocation: '/api/inventory/page/location/:locationId',
    count: '/api/inventory/count',
    availability: '/api/inventory/availability',
    skuSuggestions: '/api/inventory/search/sku',
    /** The specification's GET /product/sku/{sku}/location/{locationId} of the inventory service. */
    productBySku: '/api/product/sku/:sku/location/:locationId',
  },
  stockMovements: {
    create: '/api/stock-movement/create',
    bulkUpload: '/api/stock-movement/bulk-upload',
    templateExcel: '/api/stock-movement/template/excel',
    templateCsv: '/api/stock-movement/template/csv',
    all: '/api/stock-movement/all',
    byId: '/api/stock-movement/:id',
    batch: '/api/stock-movement/batch/:id',
    document: '/api/stock-movement/:id/document',
    validateSource: '/api/stock-movement/validate-source/:id',
    validateDestination: '/api/stock-movement/validate-destination/:id',
    cancel: '/api/stock-movement/cancel/:id',
    skuSuggestions: '/api/stock-movement/search/sku',
    batchValidateSource: '/api/stock-movement/batch/validate-source',
    batchValidateDestination: '/api/stock-movement/batch/validate-destination',
    batchCancel: '/api/stock-movement/batch/cancel',
    weekly: '/api/stock-movement/weekly-movement/business',
  },
  /** Purchasing (issue 16): orders to suppliers, their receipts, and suggested orders. */
  purchaseOrders: {
    root: '/api/purchase-orders',
    byId: '/api/purchase-orders/:id',
    send: '/api/purchase-orders/:id/send',
    receive: '/api/purchase-orders/:id/receive',
    close: '/api/purchase-orders/:id/close',
    cancel: '/api/purchase-orders/:id/cancel',
    document: '/api/purchase-orders/:id/document',
    suggestions: '/api/purchase-orders/suggestions',
    draftsFromSuggestions: '/api/purchase-orders/suggestions/drafts',
  },
  /** Cycle counts (issue 16): count sheets with frozen expectations, counts and their review. */
  cycleCounts: {
    root: '/api/cycle-counts',
    byId: '/api/cycle-counts/:id',
    counts: '/api/cycle-counts/:id/counts',
    review: '/api/cycle-counts/:id/review',
    complete: '/api/cycle-counts/:id/complete',
    cancel: '/api/cycle-counts/:id/cancel',
    abcClasses: '/api/cycle-counts/abc-classes/location/:locationId',
  },
  /** What the stock is worth (issue 16): per location and for the business, at average cost. */
  stockValue: '/api/inventory/value',
  blobs: {
    /** The specification's /azure-blob/download-image (logos, later product images). */
    downloadImage: '/api/azure-blob/download-image',
  },
  /** Public (no token): what a store's QR code shows a shopper on /scan-pay-go (issue 15). */
  publicStores: {
    byCode: '/api/public/stores/:code',
    image: '/api/public/stores/:code/image',
  },
} as const;

/** Web routes that e-mailed links point at. */
export const WEB_ROUTES = {
  login: '/login',
  /** Where an expired or used verification link lands: the login page offers a new link. */
  verificationExpired: '/login?verification=expired',
  resetPassword: '/reset-password',
  validateAccount: '/validate-account',
  /** The profile; after a confirmed address change `?emailChange=done`. */
  profile: '/dashboard/profile',
  /**
   * The page of the link mailed to a new address. It asks for a click before it posts the token:
   * a mail scanner that opens the link does not confirm the address.
   */
  confirmEmail: '/confirm-email',
  /** Where the payment provider and Checkout send the owner back to. */
  businessProfile: '/dashboard/business-profile',
  /** Subscribe again after leaving Checkout: `?plan=BASIC&checkout=canceled`. */
  subscribe: '/dashboard/subscribe',
  /** The sandbox payment provider's pages, served by the app (`?account=acct_sandbox_…`). */
  paymentsSandboxOnboarding: '/dashboard/payments/sandbox-onboarding',
  paymentsSandboxDashboard: '/dashboard/payments/sandbox-dashboard',
} as const;

/**
 * The public site of 000 section 2 (issue 15): pages built as static HTML, which the server sends
 * with their head tags and lists in /sitemap.xml. The other public routes (/login, /register,
 * /subscription-plans, ...) are pages of the single-page app.
 */
export const SITE_PAGE_PATHS = [
  '/',
  '/scan-pay-go',
  '/loyalty',
  '/smart-inventory',
  '/supply-chain',
  '/crm',
  '/about',
  '/analytics',
  '/shopper-features',
  '/business-features',
  '/terms',
  '/privacy',
  '/cookies',
] as const;
export type SitePagePath = (typeof SITE_PAGE_PATHS)[number];

/**
 * The site's public configuration: the analytics script and marketing pixel the operator set
 * (ANALYTICS_SCRIPT_URL, MARKETING_PIXEL_URL), which pages load only after the matching consent.
 */
export const SITE_CONFIG_PATH = '/api/public/site-config';

/** The file the web build writes for a site page, under dist/site/: `home.html` for `/`. */
export function sitePageFile(path: SitePagePath): string {
  return path === '/' ? 'home.html' : `${path.slice(1)}.html`;
}
