import type { Role, TBusinessUser } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { getRoleGroupChoices, roleLabel } from './role-labels';
import { getRowPermissions } from './staff-permissions';

const SELF = '00000000-0000-4000-8000-000000000001';

function member(roles: Role[], status: TBusinessUser['status'] = 'ACTIVE', id = crypto.randomUUID()) {
  return { id, roles, status } as TBusinessUser;
}

const owner = { userId: SELF, roles: ['ROLE_BUSINESS_OWNER'] };
const admin = { userId: SELF, roles: ['ROLE_BUSINESS_ADMIN'] };

describe(getRowPermissions.name, () => {
  it('gives nothing on your own row', () => {
    expect(Object.values(getRowPermissions(member(['ROLE_BUSINESS_OWNER'], 'ACTIVE', SELF), owner))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('lets only an owner act on an owner', () => {
    const other = member(['ROLE_BUSINESS_OWNER']);
    expect(getRowPermissions(other, admin).canChangeRoles).toBe(false);
    expect(getRowPermissions(other, admin).canDelete).toBe(false);
    expect(getRowPermissions(other, owner)).toMatchObject({ canChangeRoles: true, canDelete: true });
  });

  it('keeps the last role and offers resend only to invitees', () => {
    expect(getRowPermissions(member(['ROLE_STORE_ASSISTANT']), admin).canRemoveRole).toBe(false);
    expect(
      getRowPermissions(member(['ROLE_STORE_ASSISTANT', 'ROLE_PRODUCT_READER']), admin).canRemoveRole,
    ).toBe(true);
    expect(getRowPermissions(member(['ROLE_STORE_ASSISTANT'], 'INVITED'), admin)).toMatchObject({
      canResendInvitation: true,
      canToggleStatus: true,
    });
    expect(getRowPermissions(member(['ROLE_STORE_ASSISTANT']), admin).canResendInvitation).toBe(false);
  });

  it('gives nothing to a role without users permissions', () => {
    const reader = { userId: SELF, roles: ['ROLE_PRODUCT_READER'] };
    expect(
      Object.values(getRowPermissions(member(['ROLE_STORE_ASSISTANT'], 'INVITED'), reader)),
    ).not.toContain(true);
  });
});

describe('role labels', () => {
  it('reads roles without ROLE_ and with spaces', () => {
    expect(roleLabel('ROLE_INVENTORY_ADMIN')).toBe('Inventory admin');
    expect(roleLabel('ROLE_STORE_ASSISTANT')).toBe('Store assistant');
  });

  it('offers the owner role only when asked', () => {
    const all = (canGrantOwner: boolean) =>
      getRoleGroupChoices(canGrantOwner).flatMap((group) => group.roles);
    expect(all(false)).not.toContain('ROLE_BUSINESS_OWNER');
    expect(all(true)).toContain('ROLE_BUSINESS_OWNER');
    expect(all(false)).toHaveLength(14);
  });
});
