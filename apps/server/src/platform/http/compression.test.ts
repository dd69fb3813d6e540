import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from './compression.js';

const LARGE = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item number ${i}` })) };
const LARGE_TEXT = 'data: an event line\n\n'.repeat(200);

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await registerCompression(app);
  app.get('/api/items', async () => LARGE);
  app.get('/api/small', async () => ({ text: 'x'.repeat(COMPRESSION_THRESHOLD_BYTES - 20) }));
  app.get('/api/problem', async (_request, reply) =>
    reply.type('application/problem+json').send(JSON.stringify(LARGE)),
  );
  app.get('/api/events', async (_request, reply) => reply.type('text/event-stream').send(LARGE_TEXT));
  app.get('/api/docs/page', async (_request, reply) => reply.type('text/html').send(LARGE_TEXT));
  app.get('/outside', async () => LARGE);
  app.post('/api/echo', async (request) => request.body);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });

describe('registerCompression', () => {
  it('compresses API JSON over the threshold with brotli, with its exact length', async () => {
    const res = await get('/api/items');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(LARGE);
  });

  it('compresses the +json types too', async () => {
    expect((await get('/api/problem')).headers['content-encoding']).toBe('br');
  });

  it('sends JSON under the threshold as it is', async () => {
    const res = await get('/api/small');
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an event stream, which a compressor would hold back', async () => {
    const res = await get('/api/events');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(LARGE_TEXT);
  });

  it.each(['/outside', '/api/docs/page'])('leaves routes outside the JSON API alone (%s)', async (url) => {
    const res = await get(url);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it('does not decompress request bodies', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
      payload: '{"a":1}',
    });
    // With request decompression on, the plugin would try to gunzip this and answer 400.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ a: 1 });
  });
});
