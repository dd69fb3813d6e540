import { isPermitted, ZErrorBody, type Permission } from '@app/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../http/app-error.js';
import type { AccessTokens } from './access-token.js';
import { leaveOutCosts } from './cost-fields.js';
import type { Principal } from './principal.js';

export type { Principal } from './principal.js';

/**
 * Every API route states who may call it, in `config.access`:
 * - `'public'`: no token (login, register, health, ...);
 * - `'signed-in'`: any valid token; the service decides further (own profile, ...);
 * - `{ permission }`: a role of the permission matrix in packages/contracts.
 * An API route without `config.access` is refused at start-up.
 */
export type RouteAccess = 'public' | 'signed-in' | { permission: Permission };

/**
 * Checks that the principal's user may still act (not disabled or deleted, same token version)
 * and that the token was not ended by logout; throws 401 if not.
 */
export type VerifyPrincipal = (principal: Principal) => Promise<void>;

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

/**
 * The guard runs only on routes that need a token (public routes pay nothing), in `onRequest`:
 * before the body is read and before the handler, whatever the handler answers (JSON, a file
 * stream, nothing). It verifies the token and the role, then `verify` asks the database whether
 * the session still holds: a user disabled, deleted or signed out a moment ago is refused here,
 * not after the handler has done its work.
 */
export function registerAuthGuard(app: FastifyInstance, tokens: AccessTokens, verify: VerifyPrincipal): void {
  app.decorateRequest('principal', null);
  const catalog: RouteOptions[] = [];
  app.decorate('routeCatalog', catalog);

  const authenticate: onRequestAsyncHookHandler = async (request) => {
    const access = request.routeOptions.config.access;
    const principal = await principalOf(request, tokens);
    await verify(principal);
    if (typeof access === 'object' && !isPermitted(principal.roles, access.permission)) {
      throw new AppError('FORBIDDEN', 'Your role does not allow this action.');
    }
    request.principal = principal;
  };

  app.addHook('onRoute', (route) => {
    assertRouteAccess(route);
    const access = route.config?.access;
    if (access && access !== 'public') {
      route.onRequest = [...toArray(route.onRequest), authenticate];
      // The cost rule (contracts' COST_FIELDS) holds on every guarded route, not route by route.
      route.preSerialization = [...toArray(route.preSerialization), leaveOutCosts];
      if (route.schema) {
        // The guard's own refusals, documented on every guarded route here rather than by each.
        const response = route.schema.response as Record<string, unknown> | undefined;
        route.schema = {
          ...route.schema,
          security: [{ bearerAuth: [] }],
          ...(response ? { response: { 401: ZErrorBody, 403: ZErrorBody, ...response } } : {}),
        };
      }
    }
    catalog.push(route);
  });
}

export const MISSING_TOKEN = 'Missing authorization token';

async function principalOf(request: FastifyRequest, tokens: AccessTokens): Promise<Principal> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  // The specification's wording (000 section 5), for every route: no header, another scheme,
  // or a bearer that is empty or blank.
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', MISSING_TOKEN);
  const claims = await tokens.verify(match[1]);
  if (!claims) throw new AppError('UNAUTHENTICATED', 'Your session is not valid. Please sign in again.');
  return {
    userId: claims.userId,
    businessId: claims.businessId,
    roles: claims.roles,
    tokenVersion: claims.version,
    tokenId: claims.tokenId,
    expiresAt: claims.expiresAt,
  };
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Start-up check: an API route without an access rule cannot be registered. */
function assertRouteAccess(route: { url: string; method: string | string[]; config?: unknown }): void {
  const config = route.config as { access?: RouteAccess } | undefined;
  // Static files of the web app and the Swagger UI's own routes are documents, not API calls.
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.method === 'HEAD') return;
  if (!config?.access) throw new Error(`Route ${String(route.method)} ${route.url} has no config.access`);
}

export function requirePrincipal(principal: Principal | null): Principal {
  if (!principal) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return principal;
}
