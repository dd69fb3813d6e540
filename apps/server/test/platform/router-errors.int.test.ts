import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("the router's own refusals", () => {
  it('answers a path parameter over its length with our error, headers and no echo of the path', async () => {
    const code = 'A'.repeat(150);
    const response = await t.app.inject({ method: 'GET', url: `/api/public/stores/${code}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'A part of this address is too long.' });
    expect(response.body).not.toContain(code);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers an address that does not decode with our error and headers, API or page', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/public/stores/%E0%A4%A' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'This address cannot be read: check its % escapes.',
    });
    expect(api.body).not.toContain('%E0');
    expect(api.headers['cache-control']).toBe('no-store');

    const page = await t.app.inject({ method: 'GET', url: '/api/stores/qr/%zz<script>' });
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('<script>');
  });
});

describe('headers by route, not by spelling', () => {
  it('gives an API route its API headers however its address is spelled', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%61pi/public/site-config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
