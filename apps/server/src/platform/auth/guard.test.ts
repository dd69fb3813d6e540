import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { createAccessTokens } from './access-token.js';
import { registerAuthGuard, type Principal } from './guard.js';

const tokens = createAccessTokens('guard-test-secret-guard-test-secret-guard');
let app: FastifyInstance;
let handled: string[] = [];
afterEach(async () => {
  await app.close();
  handled = [];
});

async function build(verify: (principal: Principal) => Promise<void>) {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerAuthGuard(app, tokens, verify);
  app.get('/api/open', { config: { access: 'public' } }, async (request) => ({
    principal: request.principal,
  }));
  app.get('/api/mine', { config: { access: 'signed-in' } }, async (request) => ({
    userId: request.principal?.userId,
  }));
  app.get('/api/staff', { config: { access: { permission: 'users:create' } } }, async () => ({ ok: true }));
  // A file download: the handler answers a stream, which skips the serialisation hooks.
  app.get('/api/file', { config: { access: 'signed-in' } }, async (_request, reply) => {
    handled.push('file');
    return reply.type('application/octet-stream').send(Readable.from([Buffer.from('secret bytes')]));
  });
  app.get('/api/empty', { config: { access: 'signed-in' } }, async (_request, reply) => {
    handled.push('empty');
    return reply.code(204).send();
  });
  await app.ready();
}

async function tokenFor(roles: Principal['roles']) {
  const { token } = await tokens.sign({
    userId: '11111111-1111-4111-8111-111111111111',
    businessId: null,
    roles,
    version: 0,
  });
  return { authorization: `Bearer ${token}` };
}

describe('registerAuthGuard', () => {
  it('lets anyone call a public route and reads no token there', async () => {
    await build(async () => undefined);
    const res = await app.inject({
      method: 'GET',
      url: '/api/open',
      headers: { authorization: 'Bearer junk' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ principal: null });
  });

  it('checks the user before answering when the handler opened no transaction', async () => {
    const checked: string[] = [];
    await build(async (principal) => {
      checked.push(principal.userId);
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/mine',
      headers: await tokenFor(['ROLE_PRODUCT_READER']),
    });
    expect(res.statusCode).toBe(200);
    expect(checked).toEqual(['11111111-1111-4111-8111-111111111111']);
  });

  it('answers 401 when that check finds the session ended', async () => {
    await build(async () => {
      throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/mine',
      headers: await tokenFor(['ROLE_PRODUCT_READER']),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please sign in again.');
  });

  it('refuses an ended session before a stream or empty handler runs', async () => {
    await build(async () => {
      throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    });
    for (const url of ['/api/file', '/api/empty']) {
      const res = await app.inject({ method: 'GET', url, headers: await tokenFor(['ROLE_PRODUCT_READER']) });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('secret bytes');
    }
    expect(handled).toEqual([]);
  });

  it('answers a failing session check with its own error, never the driver details', async () => {
    await build(async () => {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The service is briefly unavailable. Please try again in a moment.',
        undefined,
        {},
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      );
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/file',
      headers: await tokenFor(['ROLE_PRODUCT_READER']),
    });
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(handled).toEqual([]);
  });

  it('runs the file handler once the session holds', async () => {
    await build(async () => undefined);
    const res = await app.inject({
      method: 'GET',
      url: '/api/file',
      headers: await tokenFor(['ROLE_PRODUCT_READER']),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('secret bytes');
    expect(handled).toEqual(['file']);
  });

  it('refuses a role outside the permission with 403 and no token with 401', async () => {
    await build(async () => undefined);
    const reader = await app.inject({
      method: 'GET',
      url: '/api/staff',
      headers: await tokenFor(['ROLE_PRODUCT_READER']),
    });
    expect(reader.statusCode).toBe(403);
    const admin = await app.inject({
      method: 'GET',
      url: '/api/staff',
      headers: await tokenFor(['ROLE_BUSINESS_ADMIN']),
    });
    expect(admin.statusCode).toBe(200);
    const anonymous = await app.inject({ method: 'GET', url: '/api/staff' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers "Missing authorization token" for no header, an empty or blank bearer, another scheme', async () => {
    await build(async () => undefined);
    for (const authorization of [undefined, 'Bearer', 'Bearer ', 'Bearer    ', 'Basic dXNlcjpwYXNz']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/mine',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json(), authorization).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Missing authorization token',
      });
    }
    const junk = await app.inject({
      method: 'GET',
      url: '/api/mine',
      headers: { authorization: 'Bearer junk' },
    });
    expect(junk.json().message).toBe('Your session is not valid. Please sign in again.');
  });
});
