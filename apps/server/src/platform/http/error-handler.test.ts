import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, fieldError, notFound, planViolation } from './app-error.js';
import { registerErrorHandler } from './error-handler.js';

const logLines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const server = Fastify({ logger: { level: 'info', stream } }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  server.get('/app-error', async () => {
    throw new AppError('CONFLICT', 'This SKU already exists at the location.', { sku: 'A-1' });
  });
  server.get('/field-error', async () => {
    throw fieldError('password', 'This password is too common.');
  });
  server.get('/not-found', async () => {
    throw notFound('The store');
  });
  server.get('/plain-error', async () => {
    throw new Error('secret internals: password=hunter2 at db.internal:5432');
  });
  server.get('/type-error', async () => {
    const value = null as unknown as { field: string };
    return value.field;
  });
  server.get('/pg-nul', async () => {
    // As pg raises it, wrapped by drizzle in `cause`.
    throw new Error('Failed query', {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
  });
  server.get('/pg-other', async () => {
    throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
  });
  server.get('/pg-down', async () => {
    // A connection PostgreSQL ended while it shut down, wrapped by drizzle in `cause`.
    throw new Error('Failed query', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    });
  });
  server.get('/pg-gone', async () => {
    throw new Error('Connection terminated unexpectedly');
  });
  server.get('/pg-refused', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  server.get('/plan', async () => {
    throw planViolation();
  });
  server.get('/plan-custom', async () => {
    throw planViolation('Your plan allows 1 store. Upgrade to add more.');
  });
  server.post(
    '/validated',
    { schema: { body: z.object({ name: z.string().min(1), address: z.object({ city: z.string() }) }) } },
    async () => ({ ok: true }),
  );
  app = server;
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('registerErrorHandler', () => {
  describe('AppError', () => {
    it('keeps its code, status, message and details', async () => {
      const res = await app.inject({ method: 'GET', url: '/app-error' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CONFLICT',
        message: 'This SKU already exists at the location.',
        details: { sku: 'A-1' },
      });
    });

    it('leaves details out when there are none', async () => {
      const res = await app.inject({ method: 'GET', url: '/not-found' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'The store was not found.' });
    });

    it('answers a field error as a 400 with the field errors in details', async () => {
      const res = await app.inject({ method: 'GET', url: '/field-error' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'This password is too common.',
        details: { fieldErrors: { password: ['This password is too common.'] } },
      });
    });
  });

  describe('plan violation', () => {
    it('answers 403 with X-Plan-Violation: 1 and code PLAN_VIOLATION', async () => {
      const res = await app.inject({ method: 'GET', url: '/plan' });
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-plan-violation']).toBe('1');
      expect(res.json()).toEqual({
        code: 'PLAN_VIOLATION',
        message: 'This action requires a higher subscription plan.',
      });
    });

    it('keeps a specific message', async () => {
      const res = await app.inject({ method: 'GET', url: '/plan-custom' });
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-plan-violation']).toBe('1');
      expect(res.json().message).toBe('Your plan allows 1 store. Upgrade to add more.');
    });

    it('is not set on other refusals', async () => {
      const res = await app.inject({ method: 'GET', url: '/app-error' });
      expect(res.headers['x-plan-violation']).toBeUndefined();
    });
  });

  describe('unexpected errors', () => {
    it.each(['/plain-error', '/type-error'])(
      'answers %s with a 500 INTERNAL_ERROR without the original message or a stack',
      async (url) => {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(500);
        const body = res.json();
        expect(Object.keys(body).sort()).toEqual(['code', 'message']);
        expect(body.code).toBe('INTERNAL_ERROR');
        expect(res.body).not.toContain('secret internals');
        expect(res.body).not.toContain('hunter2');
        expect(res.body).not.toContain('Cannot read properties');
        expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
        expect(res.body).not.toContain('stack');
      },
    );

    it('answers text PostgreSQL cannot store (a NUL) as a 400, and other database errors as a 500', async () => {
      const nul = await app.inject({ method: 'GET', url: '/pg-nul' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'The request holds a character that cannot be stored (such as NUL).',
      });
      expect((await app.inject({ method: 'GET', url: '/pg-other' })).statusCode).toBe(500);
    });

    it('answers a database that is down or restarting as a 503 with Retry-After, naming no address', async () => {
      for (const url of ['/pg-down', '/pg-gone', '/pg-refused']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('5');
        expect(res.json(), url).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'The database cannot be reached right now. Try again in a moment.',
        });
        expect(res.body, url).not.toContain('5432');
      }
    });

    it('logs the error with its stack on the server', async () => {
      logLines.length = 0;
      await app.inject({ method: 'GET', url: '/plain-error' });
      const failed = logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((l) => l.msg === 'request failed');
      expect(failed).toBeDefined();
      const err = failed?.err as { message: string; stack: string };
      expect(err.message).toContain('secret internals');
      expect(err.stack).toContain('error-handler.test.ts');
    });
  });

  describe('Fastify errors', () => {
    it('answers schema validation failures with 400 VALIDATION_ERROR and dotted field paths', async () => {
      const res = await app.inject({ method: 'POST', url: '/validated', payload: { name: '', address: {} } });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.details.fieldErrors).sort()).toEqual(['address.city', 'name']);
    });

    it('answers malformed JSON with 400 BAD_REQUEST', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/validated',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    });

    it('answers an unsupported content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/validated',
        headers: { 'content-type': 'application/xml' },
        payload: '<name/>',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('accepts a valid body, so the refusals above come from the handler', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/validated',
        payload: { name: 'x', address: { city: 'y' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    });
  });
});
