import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { mayReadMetrics } from './operations.js';

/**
 * Attacks on who may read GET /api/metrics (issue 17): the server is on the internet, often behind
 * a reverse proxy on the same host, and every request header is the client's to write.
 */

const TOKEN = 'metrics-token-metrics-token-0123456789';

function requestFrom(remoteAddress: string, headers: Record<string, string> = {}): FastifyRequest {
  return { headers, socket: { remoteAddress } } as unknown as FastifyRequest;
}

describe(mayReadMetrics.name, () => {
  it('refuses a loopback request that names any proxy or CDN header, whatever its value', () => {
    const headers = [
      'x-forwarded-for',
      'forwarded',
      'x-real-ip',
      'via',
      'x-forwarded-host',
      'x-forwarded-proto',
      'x-forwarded-port',
      'x-client-ip',
      'true-client-ip',
      'cf-connecting-ip',
    ];
    for (const name of headers) {
      for (const value of ['203.0.113.7', '127.0.0.1', ''])
        expect(
          mayReadMetrics(requestFrom('127.0.0.1', { [name]: value }), undefined),
          `${name}: ${value}`,
        ).toBe(false);
    }
  });

  it('refuses loopback without the token when a proxy is declared (TRUST_PROXY): a proxy that adds no header is loopback too', () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(mayReadMetrics(requestFrom(peer), TOKEN, true)).toBe(false);
      expect(mayReadMetrics(requestFrom(peer), undefined, true)).toBe(false);
    }
    expect(mayReadMetrics(requestFrom('127.0.0.1', { authorization: `Bearer ${TOKEN}` }), TOKEN, true)).toBe(
      true,
    );
  });

  it('refuses a wrong token, one longer or shorter, an empty one and other schemes, from anywhere', () => {
    const wrong = [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN.slice(0, -1)}X`,
      'Bearer ',
      'Bearer',
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      `Bearer ${TOKEN.toUpperCase()}`,
    ];
    for (const authorization of wrong)
      for (const peer of ['203.0.113.7', '127.0.0.1'])
        expect(mayReadMetrics(requestFrom(peer, { authorization }), TOKEN), `${peer} ${authorization}`).toBe(
          false,
        );
  });

  it('takes the Bearer scheme in any casing (RFC 9110), from anywhere', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER'])
      expect(mayReadMetrics(requestFrom('203.0.113.7', { authorization: `${scheme} ${TOKEN}` }), TOKEN)).toBe(
        true,
      );
  });

  it('does not open for a token when none is configured, nor for a peer that only looks local', () => {
    expect(mayReadMetrics(requestFrom('203.0.113.7', { authorization: '' }), TOKEN)).toBe(false);
    expect(mayReadMetrics(requestFrom('203.0.113.7', { authorization: 'Bearer ' }), undefined)).toBe(false);
    for (const peer of ['127.0.0.2', '10.0.0.1', '192.168.1.1', '::ffff:10.0.0.1', '', '0.0.0.0'])
      expect(mayReadMetrics(requestFrom(peer), undefined), peer).toBe(false);
  });
});
