import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.js';
import { assertMayActOn, assertMayManage, checkRoleChange, roleListText, sameRoles } from './member-rules.js';

const owner = { userId: 'o', roles: ['ROLE_BUSINESS_OWNER'] as const };
const admin = { userId: 'a', roles: ['ROLE_BUSINESS_ADMIN'] as const };
const clerk = { userId: 'c', roles: ['ROLE_INVENTORY_READER'] as const };
const member = (who: { userId: string; roles: readonly string[] }) => ({
  id: who.userId,
  fullName: `User ${who.userId}`,
  roles: who.roles,
});

function codeOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? `${error.statusCode} ${error.code}` : String(error);
  }
}

describe('member rules', () => {
  it('lets anyone act on themselves, and others only with the permission', () => {
    expect(
      codeOf(() => assertMayActOn({ ...clerk, roles: [...clerk.roles] }, 'c', 'users:update')),
    ).toBeUndefined();
    expect(codeOf(() => assertMayActOn({ ...clerk, roles: [...clerk.roles] }, 'o', 'users:update'))).toBe(
      '403 FORBIDDEN',
    );
    expect(
      codeOf(() => assertMayActOn({ ...admin, roles: [...admin.roles] }, 'c', 'users:delete')),
    ).toBeUndefined();
  });

  it('keeps owners out of an admin reach, but not out of an owner reach', () => {
    expect(codeOf(() => assertMayManage(admin, member(owner)))).toBe('403 FORBIDDEN');
    expect(
      codeOf(() => assertMayManage(owner, member({ userId: 'o2', roles: ['ROLE_BUSINESS_OWNER'] }))),
    ).toBeUndefined();
    expect(codeOf(() => assertMayManage(admin, member(clerk)))).toBeUndefined();
  });

  it('refuses your own roles, the owner role from a non-owner, and an empty list', () => {
    expect(codeOf(() => checkRoleChange(owner, member(owner), ['ROLE_BUSINESS_ADMIN'], 'empty'))).toBe(
      '403 FORBIDDEN',
    );
    expect(codeOf(() => checkRoleChange(admin, member(clerk), ['ROLE_BUSINESS_OWNER'], 'empty'))).toBe(
      '403 FORBIDDEN',
    );
    expect(codeOf(() => checkRoleChange(admin, member(clerk), [], 'empty'))).toBe('400 VALIDATION_ERROR');
    expect(
      codeOf(() => checkRoleChange(admin, member(clerk), ['ROLE_BUSINESS_ADMIN'], 'empty')),
    ).toBeUndefined();
    expect(
      codeOf(() => checkRoleChange(owner, member(clerk), ['ROLE_BUSINESS_OWNER'], 'empty')),
    ).toBeUndefined();
  });

  it('compares role lists as sets and names an empty one', () => {
    expect(sameRoles(['A', 'B'], ['B', 'A'])).toBe(true);
    expect(sameRoles(['A'], ['A', 'B'])).toBe(false);
    expect(roleListText([])).toBe('none');
    expect(roleListText(['ROLE_INVENTORY_ADMIN', 'ROLE_PRODUCT_READER'])).toBe(
      'Inventory admin, Product reader',
    );
  });
});
