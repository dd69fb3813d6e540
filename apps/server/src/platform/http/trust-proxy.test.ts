import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TrustProxy } from '../config.js';
import { toFastifyTrustProxy } from './trust-proxy.js';

/** The client address Fastify derives with TRUST_PROXY `trust` for a request from `peer`. */
async function clientAddress(trust: TrustProxy, peer: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: toFastifyTrustProxy(trust) });
  app.get('/', async (request) => request.ip);
  const res = await app.inject({
    url: '/',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return res.body;
}

describe('toFastifyTrustProxy', () => {
  describe('a hop count', () => {
    it('takes the address the one proxy saw, not the part the client wrote', async () => {
      expect(await clientAddress(1, '127.0.0.1', '1.2.3.4, 5.6.7.8')).toBe('5.6.7.8');
      expect(await clientAddress(1, '10.0.0.2', '5.6.7.8')).toBe('5.6.7.8');
      expect(await clientAddress(1, '::ffff:192.168.1.5', '5.6.7.8')).toBe('5.6.7.8');
    });

    it('walks two proxies', async () => {
      expect(await clientAddress(2, '10.0.0.2', '1.2.3.4, 5.6.7.8, 10.0.0.9')).toBe('5.6.7.8');
    });

    it('does not believe a peer on the internet: that is the client itself', async () => {
      expect(await clientAddress(1, '203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
    });

    it('uses the socket address when there is no header', async () => {
      expect(await clientAddress(1, '127.0.0.1')).toBe('127.0.0.1');
    });
  });

  it('trusts only the listed proxies', async () => {
    expect(await clientAddress(['10.0.0.0/8'], '10.1.1.1', '1.2.3.4, 5.6.7.8')).toBe('5.6.7.8');
    expect(await clientAddress(['10.0.0.0/8'], '127.0.0.1', '1.2.3.4, 5.6.7.8')).toBe('127.0.0.1');
  });

  it('trusts nothing when off', async () => {
    expect(await clientAddress(false, '127.0.0.1', '1.2.3.4')).toBe('127.0.0.1');
  });
});
