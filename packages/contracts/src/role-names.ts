// No zod here: the web's first load imports these constants.
/**
 * The roles of the specification (000 section 6), on their own: the web's first load checks a
 * token's roles against them, and a bundler places a whole module in one chunk, so the route
 * table and the groups in roles.ts stay with the pages that use them.
 */
export const ROLES = [
  'ROLE_BUSINESS_OWNER',
  'ROLE_BUSINESS_ADMIN',
  'ROLE_PRODUCT_ADMIN',
  'ROLE_PRODUCT_CONTRIBUTOR',
  'ROLE_PRODUCT_READER',
  'ROLE_INVENTORY_ADMIN',
  'ROLE_INVENTORY_CONTRIBUTOR',
  'ROLE_INVENTORY_READER',
  'ROLE_STORE_ASSISTANT',
  'ROLE_LOYALTY_ADMIN',
  'ROLE_LOYALTY_CONTRIBUTOR',
  'ROLE_LOYALTY_READER',
  'ROLE_ANALYTICS_ADMIN',
  'ROLE_ANALYTICS_CONTRIBUTOR',
  'ROLE_ANALYTICS_READER',
] as const;

export type Role = (typeof ROLES)[number];

/**
 * "ROLE_INVENTORY_ADMIN" -> "Inventory admin": the role as a shop owner reads it, on screens and
 * in audit descriptions alike.
 */
export function roleLabel(role: string): string {
  const text = role
    .replace(/^ROLE_/, '')
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
