import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';

/**
 * Attacks on the 503 mapping (issue 17): a client must not be able to make the server answer
 * "the database cannot be reached" (a 503 that monitoring reads as an outage) by what it sends,
 * and the 503 must not name the database's address.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  // What Node raises when the client drops the connection half-way through its body, as
  // Fastify's body reader hands it on (it gives reading errors a 4xx status).
  app.get('/aborted-body', async () => {
    throw Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
  });
  app.get('/client-pipe', async () => {
    throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE', statusCode: 400 });
  });
  // A real outage, as node-postgres raises it (no status): still a 503.
  app.get('/pg-refused', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:6543'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
      address: '10.1.2.3',
      port: 6543,
    });
  });
  app.get('/pg-shutdown', async () => {
    throw new Error('Failed query: select * from users where email = $1', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        hostname: 'db.internal.example',
      }),
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('the 503 mapping', () => {
  it('answers a request whose body the client broke off as the client’s error, not as a database outage', async () => {
    for (const url of ['/aborted-body', '/client-pipe']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).not.toBe('SERVICE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });

  it('still answers a database outage 503, naming neither its address, port, host nor the query', async () => {
    for (const url of ['/pg-refused', '/pg-shutdown']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
      for (const secret of ['10.1.2.3', '6543', 'db.internal.example', 'select', 'ECONNREFUSED', '57P01'])
        expect(res.body, url).not.toContain(secret);
    }
  });
});
