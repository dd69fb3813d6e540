/**
 * The fallback texts of 001 section 8 (Products, Categories, Discounts, Suppliers), shown when a
 * failed call carries neither a `message` nor an `error`; and the screen's success toasts.
 */
export const PRODUCT_MESSAGES = {
  fetchByLocation: 'Failed to fetch products by location',
  noProducts: 'No products available in this location.',
  add: 'Failed to add product!',
  update: 'Failed to update product!',
  delete: 'Failed to delete product!',
  generateBarcode: 'Failed to generate barcode!',
  reactivate: 'Failed to reactivate product',
  discontinue: 'Failed to discontinue product',
  downloadImage: 'Image download failed',
} as const;

export const CATEGORY_MESSAGES = {
  fetch: 'Failed to fetch categories',
  add: 'Failed to add category',
  update: 'Failed to update category',
  delete: 'Failed to delete category',
  reactivate: 'Failed to reactivate category',
  discontinue: 'Failed to discontinue category',
} as const;

export const DISCOUNT_MESSAGES = {
  createOrUpdate: 'Failed to create or update discount',
  remove: 'Failed to remove discount',
} as const;

export const SUPPLIER_MESSAGES = {
  fetch: 'Failed to fetch suppliers',
} as const;

export const SUCCESS_MESSAGES = {
  productAdded: 'Product added',
  productUpdated: 'Product updated',
  productDeleted: 'Product deleted',
  productDiscontinued: 'Product discontinued',
  productReactivated: 'Product reactivated',
  barcodeGenerated: 'Barcode generated',
  categoryAdded: 'Category added',
  categoryUpdated: 'Category updated',
  categoryDeleted: 'Category deleted',
  categoryDiscontinued: 'Category discontinued',
  categoryReactivated: 'Category reactivated',
  discountSaved: 'Discount saved',
  discountRemoved: 'Discount removed',
} as const;
