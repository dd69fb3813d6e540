import { AUTH_PATHS, VALIDATE_ACCOUNT_PATH } from './auth-paths.js';

export { AUTH_PATHS, VALIDATE_ACCOUNT_PATH } from './auth-paths.js';

/** API paths of DESIGN section 3. Both the server routes and the web endpoints use these. */
export const API = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  auth: AUTH_PATHS,
  users: {
    root: '/api/users',
    byId: '/api/users/:id',
    validateAccount: VALIDATE_ACCOUNT_PATH,
  },
  businesses: {
    create: '/api/businesses/create',
    byId: '/api/businesses/:id',
    setupProgress: '/api/businesses/:id/setup-progress',
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
  blobs: {
    /** The specification's /azure-blob/download-image (logos, later product images). */
    downloadImage: '/api/azure-blob/download-image',
  },
} as const;

/** Web routes that e-mailed links point at. */
export const WEB_ROUTES = {
  login: '/login',
  /** Where an expired or used verification link lands: the login page offers a new link. */
  verificationExpired: '/login?verification=expired',
  resetPassword: '/reset-password',
  validateAccount: '/validate-account',
} as const;
