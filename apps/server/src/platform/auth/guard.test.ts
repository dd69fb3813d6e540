import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.js';
import { registerErrorHandler } from '../http/error-handler.js';
import { createAccessTokens } from './access-token.js';
import { registerAuthGuard, type Principal } from './guard.js';

const tokens = createAccessTokens('guard-test-secret-guard-test-secret-guard');
let app: FastifyInstance;
afterEach(async () => {
  await app.close();
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
});
