import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { idempotencyClaim } from './idempotency.js';

/** Just what idempotencyClaim reads of a request. */
function request(values: {
  key?: string | string[];
  method?: string;
  url?: string;
  params?: unknown;
  query?: unknown;
  body?: unknown;
}): FastifyRequest {
  return {
    headers: values.key === undefined ? {} : { 'idempotency-key': values.key },
    method: values.method ?? 'PUT',
    url: '/api/inventory/1/adjust',
    routeOptions: { url: values.url ?? '/api/inventory/:id/adjust' },
    params: values.params ?? { id: '1' },
    query: values.query ?? {},
    body: values.body ?? { delta: 1, reason: 'FOUND' },
  } as unknown as FastifyRequest;
}

describe('idempotencyClaim', () => {
  it('claims nothing without the header', () => {
    expect(idempotencyClaim(request({}), 'u1')).toBeNull();
  });

  it('gives the same request the same fingerprint whatever the order of its keys', () => {
    const a = idempotencyClaim(request({ key: 'k', body: { delta: 1, reason: 'FOUND', note: null } }), 'u1');
    const b = idempotencyClaim(request({ key: 'k', body: { note: null, reason: 'FOUND', delta: 1 } }), 'u1');
    expect(a).toEqual({ userId: 'u1', key: 'k', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(b?.fingerprint).toBe(a?.fingerprint);
  });

  it('tells apart another body, another item, another route and another method', () => {
    const base = idempotencyClaim(request({ key: 'k' }), 'u1')?.fingerprint;
    const others = [
      request({ key: 'k', body: { delta: 2, reason: 'FOUND' } }),
      request({ key: 'k', params: { id: '2' } }),
      request({ key: 'k', url: '/api/inventory/:id/location/:locationId' }),
      request({ key: 'k', method: 'POST' }),
      request({ key: 'k', query: { x: '1' } }),
    ].map((one) => idempotencyClaim(one, 'u1')?.fingerprint);
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('fingerprints uploaded bytes when given them', () => {
    const file = (text: string) =>
      idempotencyClaim(request({ key: 'k' }), 'u1', Buffer.from(text))?.fingerprint;
    expect(file('sku,quantity\nA,1')).toBe(file('sku,quantity\nA,1'));
    expect(file('sku,quantity\nA,1')).not.toBe(file('sku,quantity\nA,2'));
  });

  it('takes the first of repeated headers and refuses keys that are not 1 to 255 visible ASCII characters', () => {
    expect(idempotencyClaim(request({ key: ['first', 'second'] }), 'u1')?.key).toBe('first');
    for (const key of ['', ' ', 'a b', 'ü', 'x'.repeat(256), 'tab\there'])
      expect(() => idempotencyClaim(request({ key }), 'u1'), JSON.stringify(key)).toThrow(
        'The Idempotency-Key header has 1 to 255 visible ASCII characters.',
      );
    expect(idempotencyClaim(request({ key: '~'.repeat(255) }), 'u1')?.key).toHaveLength(255);
  });
});
