import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canSeeCosts, COST_FIELDS, isPermitted, ROLES } from '@app/contracts';
import { API_TAGS } from '../../src/app.js';
import { createAccessTokens } from '../../src/platform/auth/access-token.js';
import { registerAuthGuard } from '../../src/platform/auth/guard.js';
import { registerErrorHandler } from '../../src/platform/http/error-handler.js';
import { buildTestApp, type TestApp } from '../build-app.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Routes that serve documents or text rather than JSON: their answer has no 200 schema. */
const DOCUMENT_ROUTES = new Set([
  'GET /api/openapi.json',
  'GET /api/auth/reset-password/confirm',
  'GET /api/metrics',
]);

type Schema = {
  body?: unknown;
  consumes?: string[];
  response?: Record<string, unknown>;
  operationId?: string;
  summary?: string;
  tags?: string[];
  hide?: boolean;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST_DIR: path.join(tmpdir(), 'backoffice-no-web-build') });
});
afterAll(async () => {
  await t.close();
});

/**
 * The cost fields a schema requires, as paths (`200.lines[].unitCost`): the guard leaves them out
 * for roles that see no costs, so such a field must be optional or the answer fails to serialise.
 */
function requiredCostFields(schema: unknown, path: string): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object': {
      const found: string[] = [];
      for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if ((COST_FIELDS as readonly string[]).includes(name) && !field.safeParse(undefined).success)
          found.push(`${path}.${name}`);
        found.push(...requiredCostFields(field, `${path}.${name}`));
      }
      return found;
    }
    case 'array':
      return requiredCostFields(def.element, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return requiredCostFields(def.innerType, path);
    case 'pipe':
      return requiredCostFields(def.out, path);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => requiredCostFields(option, path));
    case 'record':
      return requiredCostFields(def.valueType, `${path}{}`);
    default:
      return [];
  }
}

/** One entry per method and URL of the API, without Swagger UI's routes and HEAD twins. */
function apiRoutes(): Array<{ key: string; method: string; route: RouteOptions }> {
  const entries = [];
  for (const route of t.app.routeCatalog) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      entries.push({ key: `${method} ${route.url}`, method, route });
    }
  }
  return entries;
}

describe('route inventory', () => {
  describe('the built app', () => {
    it('catalogues the routes of the platform and the access module', () => {
      const keys = apiRoutes().map((r) => r.key);
      expect(keys).toEqual(
        expect.arrayContaining([
          'GET /api/health',
          'GET /api/openapi.json',
          'POST /api/auth/login',
          'POST /api/auth/register',
          'GET /api/users/:id',
          'POST /api/businesses/create',
        ]),
      );
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('gives every API route an access rule and a schema', () => {
      const missing = apiRoutes()
        .filter(({ route }) => !route.config?.access || !route.schema)
        .map((r) => r.key);
      expect(missing).toEqual([]);
    });

    it('gives every documented route a unique operationId, a summary and a tag (DESIGN section 13)', () => {
      const documented = apiRoutes().filter(({ route }) => !(route.schema as Schema | undefined)?.hide);
      const missing = documented
        .filter(({ route }) => {
          const schema = route.schema as Schema | undefined;
          return !schema?.operationId || !schema.summary || !schema.tags?.length;
        })
        .map((r) => r.key);
      expect(missing).toEqual([]);
      const ids = documented.map(({ route }) => (route.schema as Schema).operationId);
      expect(new Set(ids).size).toBe(ids.length);
      // Each tag is one of the document's global tags (DESIGN 13: generators group by them).
      const declared = new Set(API_TAGS.map((tag) => tag.name));
      const undeclared = documented
        .flatMap(({ route }) => (route.schema as Schema).tags ?? [])
        .filter((tag) => !declared.has(tag));
      expect(undeclared).toEqual([]);
    });

    it('gives every POST, PUT and PATCH a body schema or a multipart consumes', () => {
      const missing = apiRoutes()
        .filter(({ method }) => BODY_METHODS.has(method))
        .filter(({ route }) => {
          const schema = route.schema as Schema | undefined;
          return !schema?.body && !schema?.consumes?.includes('multipart/form-data');
        })
        .map((r) => r.key);
      expect(missing).toEqual([]);
    });

    it('gives every route except the two documents a response schema', () => {
      const missing = apiRoutes()
        .filter(({ key }) => !DOCUMENT_ROUTES.has(key))
        .filter(({ route }) => Object.keys((route.schema as Schema | undefined)?.response ?? {}).length === 0)
        .map((r) => r.key);
      expect(missing).toEqual([]);
    });

    it('states the access of signed-in routes in their schema (bearerAuth) and not of public ones', () => {
      for (const { key, route } of apiRoutes()) {
        const security = (route.schema as { security?: unknown } | undefined)?.security;
        if (route.config?.access === 'public') expect(security, key).toBeUndefined();
        else expect(security, key).toEqual([{ bearerAuth: [] }]);
      }
    });

    it("documents the guard's refusals (401, 403) on every signed-in route with responses", () => {
      for (const { key, route } of apiRoutes()) {
        const response = (route.schema as Schema | undefined)?.response;
        if (route.config?.access === 'public' || !response) continue;
        expect(Object.keys(response), key).toEqual(expect.arrayContaining(['401', '403']));
      }
    });

    it('lets every answer that a role without costs can reach go without its cost fields (COST_FIELDS)', () => {
      const blind = ROLES.filter((role) => !canSeeCosts([role]));
      expect(blind).toContain('ROLE_STORE_ASSISTANT');
      const required: string[] = [];
      let checked = 0;
      for (const { key, route } of apiRoutes()) {
        const access = route.config?.access;
        const response = (route.schema as Schema | undefined)?.response;
        if (!access || access === 'public' || !response) continue;
        if (typeof access === 'object' && !blind.some((role) => isPermitted([role], access.permission)))
          continue;
        for (const [status, schema] of Object.entries(response))
          for (const path of requiredCostFields(schema, status)) required.push(`${key} ${path}`);
        checked += 1;
      }
      expect(checked).toBeGreaterThan(50);
      expect(required).toEqual([]);
    });
  });

  describe('registerAuthGuard', () => {
    const tokens = createAccessTokens('route-inventory-secret-route-inventory-secret');
    let bare: FastifyInstance | undefined;
    afterAll(async () => {
      await bare?.close();
    });

    function bareApp(): FastifyInstance {
      const app = Fastify({ logger: false });
      registerErrorHandler(app);
      registerAuthGuard(app, tokens, async () => undefined);
      return app;
    }

    it('refuses to build an app with an API route that has no config.access', async () => {
      const app = bareApp();
      await expect(
        (async () => {
          app.get('/api/forgotten', async () => ({ ok: true }));
          await app.ready();
        })(),
      ).rejects.toThrow('Route GET /api/forgotten has no config.access');
      await app.close().catch(() => undefined);
    });

    it('refuses a route inside a plugin as well', async () => {
      const app = bareApp();
      void app.register(async (child) => {
        child.post('/api/child-forgotten', { config: {} }, async () => ({ ok: true }));
      });
      await expect(app.ready()).rejects.toThrow(/POST \/api\/child-forgotten has no config.access/);
      await app.close().catch(() => undefined);
    });

    it('builds an app whose routes state their access, and enforces it', async () => {
      bare = bareApp();
      bare.get('/api/open', { config: { access: 'public' } }, async () => ({ ok: true }));
      bare.get('/api/closed', { config: { access: 'signed-in' } }, async () => ({ ok: true }));
      await bare.ready();
      expect((await bare.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
      const closed = await bare.inject({ method: 'GET', url: '/api/closed' });
      expect(closed.statusCode).toBe(401);
      expect(closed.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      const token = (
        await tokens.sign({ userId: 'u1', businessId: null, roles: ['ROLE_BUSINESS_OWNER'], version: 0 })
      ).token;
      expect(
        (
          await bare.inject({
            method: 'GET',
            url: '/api/closed',
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(200);
      expect(bare.routeCatalog.map((r) => `${String(r.method)} ${r.url}`)).toEqual(
        expect.arrayContaining(['GET /api/open', 'GET /api/closed']),
      );
    });
  });
});
