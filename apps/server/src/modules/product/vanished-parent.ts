import { AppError } from '../../platform/http/app-error.js';

/**
 * Security review: a write that names a parent row (a category's location, a container's store,
 * a product's location, category or supplier) checks it exists, then inserts; when another
 * request of the business deletes that parent in between, the foreign key refuses the insert
 * (23503) and the answer was a 500. The parent is gone: the answer is its 404, as if the write
 * had come a moment later.
 */
const PARENT_OF_CONSTRAINT: Record<string, string> = {
  categories_location_fk: 'The location',
  carrying_containers_store_fk: 'The store',
  products_location_fk: 'The location',
  products_category_fk: 'The category',
  products_supplier_fk: 'The supplier',
};

/** The 404 of the parent whose foreign key `error` violates, or undefined for any other error. */
export function vanishedParent(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23503' && typeof constraint === 'string') {
      const parent = PARENT_OF_CONSTRAINT[constraint];
      return parent ? new AppError('NOT_FOUND', `${parent} was not found.`) : undefined;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
