/**
 * Security review (helper-f): the client address that rate limits key on.
 *
 * TRUST_PROXY=true is refused because a client could then choose its own address, but a list
 * of CIDRs that covers every address means the same and is accepted: with
 * TRUST_PROXY=0.0.0.0/1,128.0.0.0/1 every hop is trusted and the left-most X-Forwarded-For
 * entry, written by the client, is the rate-limit key. (0.0.0.0/0 and ::/0 pass the config
 * check too and then crash Fastify's proxy-addr at start with "invalid range on address",
 * a message that does not name TRUST_PROXY.) Low: it takes an operator to set it.
 *
 * Fix: in parseTrustProxy, refuse entries that reach public address space (anything but
 * loopback, private, link-local and unique-local ranges, or single addresses), or at least
 * prefixes shorter than /8 (IPv4) and /16 (IPv6), with the same message as `true`.
 *
 * (IPv6 clients rotating through their /64 were tried too: @fastify/rate-limit 11 keys IPv6 on
 * the /64 already.)
 */
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { parseTrustProxy } from '../../src/platform/config.js';

describe('SECURITY TRUST_PROXY values that trust everyone', () => {
  it.each(['0.0.0.0/1,128.0.0.0/1', '0.0.0.0/0', '::/0'])('refuses %s like true', (value) => {
    expect(typeof parseTrustProxy(value)).toBe('string');
  });

  it('with TRUST_PROXY=0.0.0.0/1,128.0.0.0/1 a client cannot walk around the login limit with X-Forwarded-For', async () => {
    let t: TestApp | undefined;
    try {
      t = await buildTestApp({ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1', AUTH_RATE_LIMIT: '3' });
    } catch {
      return; // refused at start: fine
    }
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
          payload: { email: 'nobody@shop.test', password: 'whatever-it-is' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toContain(429);
    } finally {
      await t.close();
    }
  });
});
