import { ROUTE_ROLES, hasAnyRole, type Role } from '@app/contracts';
import { isSessionExpired, type SessionState } from '../../session/session.slice';

export const LOGIN_PATH = '/login';
export const DASHBOARD_PATH = '/dashboard';
export const BUSINESS_SETUP_PATH = '/dashboard/business-setup';
export const UNAUTHORIZED_PATH = '/unauthorized';

export type AccessDecision =
  | { kind: 'loading' }
  | { kind: 'login'; isExpired: boolean }
  | { kind: 'business-setup' }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  | { kind: 'allow' };

function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The roles a protected path needs, from the shared route table: the path's own, else the nearest
 * listed path above it (an order's page takes Purchasing's), else /dashboard's.
 */
export function getRequiredRoles(pathname: string): readonly Role[] | null {
  for (let path = normalizePath(pathname); path.startsWith(DASHBOARD_PATH);) {
    if (path in ROUTE_ROLES) return ROUTE_ROLES[path] ?? null;
    const parent = path.slice(0, path.lastIndexOf('/'));
    if (parent === path || parent.length < DASHBOARD_PATH.length) break;
    path = parent;
  }
  return ROUTE_ROLES[DASHBOARD_PATH] ?? null;
}

/**
 * The route guard of 000 section 2, as a pure decision: loading while the session is read,
 * login without a session, business setup for an owner without a business, /unauthorized for
 * anyone else without one, and a refusal when the page's roles are not held.
 */
export function decideAccess(
  session: SessionState,
  pathname: string,
  now: number = Date.now(),
): AccessDecision {
  if (session.status === 'checking') return { kind: 'loading' };
  const user = session.user;
  if (!session.token || !user) return { kind: 'login', isExpired: false };
  if (isSessionExpired(session, now)) return { kind: 'login', isExpired: true };

  const path = normalizePath(pathname);
  const businessId = user.businessId ?? session.businessId;
  if (!businessId) {
    if (!user.roles.includes('ROLE_BUSINESS_OWNER')) return { kind: 'unauthorized' };
    if (path !== BUSINESS_SETUP_PATH) return { kind: 'business-setup' };
  }
  return hasAnyRole(user.roles, getRequiredRoles(path)) ? { kind: 'allow' } : { kind: 'forbidden' };
}
