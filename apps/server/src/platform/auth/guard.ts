import { isPermitted, type Permission } from '@app/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preSerializationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { AppError } from '../http/app-error.js';
import type { AccessTokens } from './access-token.js';
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

/** Checks that the principal's user is still active with the same token version; throws 401 if not. */
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
 * The guard runs only on routes that need a token (public routes pay nothing). It verifies the
 * token and the role here; the user's current status is checked by the first transaction of the
 * request (platform/db/tenancy.ts), in the same round trip as BEGIN. A route whose handler opened
 * no transaction is checked before its answer is sent, by `verify`.
 */
export function registerAuthGuard(app: FastifyInstance, tokens: AccessTokens, verify: VerifyPrincipal): void {
  app.decorateRequest('principal', null);
  const catalog: RouteOptions[] = [];
  app.decorate('routeCatalog', catalog);

  const authenticate: onRequestAsyncHookHandler = async (request) => {
    const access = request.routeOptions.config.access;
    const principal = await principalOf(request, tokens);
    if (typeof access === 'object' && !isPermitted(principal.roles, access.permission)) {
      throw new AppError('FORBIDDEN', 'Your role does not allow this action.');
    }
    request.principal = principal;
  };
  const verifyBeforeAnswer: preSerializationAsyncHookHandler = async (
    request: FastifyRequest,
    _reply: FastifyReply,
    payload,
  ) => {
    if (request.principal && !request.principal.isVerified) await verify(request.principal);
    return payload;
  };

  app.addHook('onRoute', (route) => {
    assertRouteAccess(route);
    const access = route.config?.access;
    if (access && access !== 'public') {
      route.onRequest = [...toArray(route.onRequest), authenticate];
      route.preSerialization = [...toArray(route.preSerialization), verifyBeforeAnswer];
      if (route.schema) route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    }
    catalog.push(route);
  });
}

async function principalOf(request: FastifyRequest, tokens: AccessTokens): Promise<Principal> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  const claims = await tokens.verify(match[1]);
  if (!claims) throw new AppError('UNAUTHENTICATED', 'Your session is not valid. Please sign in again.');
  return {
    userId: claims.userId,
    businessId: claims.businessId,
    roles: claims.roles,
    tokenVersion: claims.version,
    isVerified: false,
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
