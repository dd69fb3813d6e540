import { isPermitted, type Permission, type Role } from '@app/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../http/app-error.js';
import type { AccessTokens } from './access-token.js';

/**
 * Every route states who may call it, in `config.access`:
 * - `'public'`: no token (login, register, health, ...);
 * - `'signed-in'`: any valid token; the service decides further (own profile, ...);
 * - `{ permission }`: a role of the permission matrix in packages/contracts.
 * A route without `config.access` is refused at start-up (see assertRouteAccess).
 */
export type RouteAccess = 'public' | 'signed-in' | { permission: Permission };

export type Principal = {
  userId: string;
  /** The tenant, from the verified token only; null for an owner before business setup. */
  businessId: string | null;
  roles: Role[];
};

/** What the guard needs to know of a user at each request; the access module provides it. */
export type PrincipalStatus = { isActive: boolean; tokenVersion: number };
export type LoadPrincipalStatus = (userId: string) => Promise<PrincipalStatus | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every route registered, with its schema and config: the route-inventory test reads it. */
    routeCatalog: readonly RouteOptions[];
  }
}

export function registerAuthGuard(
  app: FastifyInstance,
  tokens: AccessTokens,
  loadStatus: LoadPrincipalStatus,
): void {
  app.decorateRequest('principal', null);
  const catalog: RouteOptions[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    assertRouteAccess(route);
    const access = route.config?.access;
    if (access && access !== 'public' && route.schema) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    }
    catalog.push(route);
  });
  // onRequest: before the body is read, so an anonymous caller cannot make us parse 1 MB.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const principal = await authenticate(request, tokens, loadStatus);
    if (access !== 'signed-in' && !isPermitted(principal.roles, access.permission)) {
      throw new AppError('FORBIDDEN', 'Your role does not allow this action.');
    }
    request.principal = principal;
  });
}

async function authenticate(
  request: FastifyRequest,
  tokens: AccessTokens,
  loadStatus: LoadPrincipalStatus,
): Promise<Principal> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  const claims = await tokens.verify(match[1]);
  if (!claims) throw new AppError('UNAUTHENTICATED', 'Your session is not valid. Please sign in again.');
  // A disabled or deleted user, or a password reset since sign-in, ends the session at once.
  const status = await loadStatus(claims.userId);
  if (!status?.isActive || status.tokenVersion !== claims.version) {
    throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  }
  return { userId: claims.userId, businessId: claims.businessId, roles: claims.roles };
}

/** Start-up check: an API route without an access rule cannot be registered. */
function assertRouteAccess(route: { url: string; method: string | string[]; config?: unknown }): void {
  const config = route.config as { access?: RouteAccess } | undefined;
  // Static files of the web app and the Swagger UI's own routes are documents, not API calls.
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.method === 'HEAD') return;
  if (!config?.access) throw new Error(`Route ${String(route.method)} ${route.url} has no config.access`);
}

/** The business of a signed-in user; routes of tenant data call this. */
export function requireBusiness(principal: Principal | null): { principal: Principal; businessId: string } {
  if (!principal) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (!principal.businessId) {
    throw new AppError('FORBIDDEN', 'Set up your business first.');
  }
  return { principal, businessId: principal.businessId };
}

export function requirePrincipal(principal: Principal | null): Principal {
  if (!principal) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return principal;
}
