import { randomInt } from 'node:crypto';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { uniqueEmail } from '../factories/accounts.js';

const NO_WEB_BUILD = { WEB_DIST_DIR: path.join(tmpdir(), 'backoffice-no-web-build') };
const LIMIT = 3;

/** A left-most X-Forwarded-For entry an attacker makes up anew for every request. */
const forged = () => `198.51.100.${randomInt(1, 255)}`;

/**
 * Behind one proxy, X-Forwarded-For is "<whatever the client sent>, <what the proxy saw>". The
 * rate limit must key on the right-most entry the trusted proxy added, never on the part the
 * client wrote, or a client escapes the limit by changing it on every request.
 */
describe.each([
  ['a hop count', '1'],
  ['the proxy address', '127.0.0.1'],
  ['the proxy network', '127.0.0.0/8,10.0.0.0/8'],
])('TRUST_PROXY as %s (%s)', (_name, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...NO_WEB_BUILD, TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: uniqueEmail('proxy'), password: 'wrong-password-123' },
    });

  it('keys the login rate limit by the address the proxy saw, whatever the client forged', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await login(`${forged()}, 5.6.7.8`)).statusCode).toBe(401);
    }
    const res = await login(`${forged()}, 5.6.7.8`);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });

  it('gives another client behind the same proxy its own budget', async () => {
    expect((await login('1.2.3.4, 5.6.7.9')).statusCode).toBe(401);
  });

  it('keys a client that reaches the server directly by its socket address', async () => {
    const direct = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': forged() },
        payload: { email: uniqueEmail('proxy'), password: 'wrong-password-123' },
      });
    for (let i = 0; i < LIMIT; i++) expect((await direct()).statusCode).toBe(401);
    expect((await direct()).statusCode).toBe(429);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...NO_WEB_BUILD, AUTH_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For: every request from one socket address shares one budget', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.8.7',
        headers: { 'x-forwarded-for': `${forged()}, ${forged()}` },
        payload: { email: uniqueEmail('proxy'), password: 'wrong-password-123' },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-for': forged() },
      payload: { email: uniqueEmail('proxy'), password: 'wrong-password-123' },
    });
    expect(res.statusCode).toBe(429);
  });
});
