import { describe, expect, it } from 'vitest';
import { PERMISSIONS, isPermitted } from './permissions.js';
import { canSeeCosts } from './costs.js';
import { ROLES, ROUTE_ROLES, hasAnyRole } from './roles.js';

describe('permissions', () => {
  describe('isPermitted', () => {
    it('lets owner and admin do everything but the owner-only actions', () => {
      for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
        expect(isPermitted(['ROLE_BUSINESS_OWNER'], permission), permission).toBe(true);
      }
      for (const ownerOnly of [
        'business:delete',
        'business:close',
        'subscription:manage',
        'payments:manage',
      ] as const) {
        expect(isPermitted(['ROLE_BUSINESS_ADMIN'], ownerOnly), ownerOnly).toBe(false);
      }
      expect(isPermitted(['ROLE_BUSINESS_ADMIN'], 'users:create')).toBe(true);
    });

    it('gives area admins everything, contributors create and update, readers read', () => {
      expect(isPermitted(['ROLE_PRODUCT_ADMIN'], 'product:delete')).toBe(true);
      expect(isPermitted(['ROLE_PRODUCT_CONTRIBUTOR'], 'product:update')).toBe(true);
      expect(isPermitted(['ROLE_PRODUCT_CONTRIBUTOR'], 'product:delete')).toBe(false);
      expect(isPermitted(['ROLE_PRODUCT_READER'], 'product:read')).toBe(true);
      expect(isPermitted(['ROLE_PRODUCT_READER'], 'product:create')).toBe(false);
      expect(isPermitted(['ROLE_PRODUCT_ADMIN'], 'inventory:read')).toBe(false);
    });

    it('lets a store assistant read inventory, adjust stock and move it, nothing more', () => {
      const assistant = ['ROLE_STORE_ASSISTANT'];
      expect(isPermitted(assistant, 'inventory:read')).toBe(true);
      expect(isPermitted(assistant, 'inventory:adjust')).toBe(true);
      expect(isPermitted(assistant, 'movements:create')).toBe(true);
      expect(isPermitted(assistant, 'movements:validate')).toBe(true);
      expect(isPermitted(assistant, 'inventory:delete')).toBe(false);
      expect(isPermitted(assistant, 'inventory:value')).toBe(false);
      expect(isPermitted(assistant, 'users:read')).toBe(false);
    });

    it('shows what stock cost to those who manage stock, the catalogue or the analytics, not the till', () => {
      for (const role of [
        'ROLE_INVENTORY_READER',
        'ROLE_PRODUCT_READER',
        'ROLE_ANALYTICS_READER',
        'ROLE_BUSINESS_ADMIN',
      ])
        expect(canSeeCosts([role]), role).toBe(true);
      for (const role of ['ROLE_STORE_ASSISTANT', 'ROLE_LOYALTY_ADMIN'])
        expect(canSeeCosts([role]), role).toBe(false);
      expect(canSeeCosts(['ROLE_STORE_ASSISTANT', 'ROLE_PRODUCT_READER'])).toBe(true);
    });

    it('lets the till record sales, supervisors refund them, analytics and the till read them', () => {
      expect(isPermitted(['ROLE_STORE_ASSISTANT'], 'sales:record')).toBe(true);
      expect(isPermitted(['ROLE_STORE_ASSISTANT'], 'sales:refund')).toBe(false);
      expect(isPermitted(['ROLE_INVENTORY_CONTRIBUTOR'], 'sales:refund')).toBe(true);
      expect(isPermitted(['ROLE_ANALYTICS_READER'], 'sales:read')).toBe(true);
      expect(isPermitted(['ROLE_ANALYTICS_READER'], 'sales:record')).toBe(false);
      expect(isPermitted(['ROLE_INVENTORY_READER'], 'sales:read')).toBe(false);
      expect(isPermitted(['ROLE_PRODUCT_ADMIN'], 'sales:record')).toBe(false);
    });

    it('refuses unknown roles', () => {
      expect(isPermitted(['ROLE_KING'], 'business:read')).toBe(false);
      expect(isPermitted([], 'business:read')).toBe(false);
    });
  });

  describe('ROUTE_ROLES', () => {
    it('matches the route table of the specification', () => {
      expect(ROUTE_ROLES['/dashboard']).toEqual(ROLES);
      expect(ROUTE_ROLES['/dashboard/profile']).toBeNull();
      expect(ROUTE_ROLES['/dashboard/business-setup']).toEqual(['ROLE_BUSINESS_OWNER']);
      expect(hasAnyRole(['ROLE_STORE_ASSISTANT'], ROUTE_ROLES['/dashboard/inventory'] ?? [])).toBe(true);
      expect(hasAnyRole(['ROLE_STORE_ASSISTANT'], ROUTE_ROLES['/dashboard/product'] ?? [])).toBe(false);
      expect(hasAnyRole(['ROLE_LOYALTY_READER'], ROUTE_ROLES['/dashboard/logs'] ?? [])).toBe(false);
    });
  });
});
