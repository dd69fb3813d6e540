import { ROLES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { getRequiredRoles } from './access-decision';

describe('getRequiredRoles', () => {
  it('answers a listed path’s roles, with or without a trailing slash', () => {
    const purchasing = getRequiredRoles('/dashboard/purchasing');
    expect(purchasing).toContain('ROLE_STORE_ASSISTANT');
    expect(purchasing).not.toContain('ROLE_PRODUCT_ADMIN');
    expect(getRequiredRoles('/dashboard/purchasing/')).toEqual(purchasing);
    expect(getRequiredRoles('/dashboard/profile')).toBeNull();
  });

  it('gives a page below a listed path the nearest listed path’s roles', () => {
    expect(getRequiredRoles('/dashboard/purchasing/orders/2b1c')).toEqual(
      getRequiredRoles('/dashboard/purchasing'),
    );
    expect(getRequiredRoles('/dashboard/cycle-counts/9f00')).toEqual(
      getRequiredRoles('/dashboard/cycle-counts'),
    );
    // A listed child keeps its own roles rather than its parent's.
    expect(getRequiredRoles('/dashboard/analytics/supreme')).toEqual(
      getRequiredRoles('/dashboard/analytics/supreme/x'),
    );
  });

  it('falls back to the dashboard’s roles for anything else', () => {
    expect(getRequiredRoles('/dashboard/nowhere/at/all')).toEqual(ROLES);
    expect(getRequiredRoles('/dashboardish')).toEqual(ROLES);
  });
});
