import type { FastifyInstance, InjectOptions } from 'fastify';
import { multipartBody, type FormPart } from '../platform/http/multipart-body.js';

/**
 * The seeder talks to the app as a client would, through `app.inject`: every write goes through
 * the routes' validation, the guard, the services and their audit entries. Its requests come
 * from a documentation address (RFC 5737), so they use none of a real visitor's sign-in
 * attempts under the per-address rate limit.
 */
const SEEDER_ADDRESS = '192.0.2.10';

export type DemoClient = {
  token: string | null;
  call: <T>(method: InjectOptions['method'], url: string, body?: unknown, expected?: number[]) => Promise<T>;
  form: <T>(url: string, parts: FormPart[]) => Promise<T>;
};

export function demoClient(app: FastifyInstance): DemoClient {
  const client: DemoClient = {
    token: null,
    call: async (method, url, body, expected = [200, 201]) => {
      const res = await app.inject({
        method,
        url,
        remoteAddress: SEEDER_ADDRESS,
        headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
      if (!expected.includes(res.statusCode)) {
        throw new Error(`demo seed: ${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return (String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body) as never;
    },
    form: async (url, parts) => {
      const { payload, headers } = multipartBody(parts);
      const res = await app.inject({
        method: 'POST',
        url,
        remoteAddress: SEEDER_ADDRESS,
        headers: { ...headers, ...(client.token ? { authorization: `Bearer ${client.token}` } : {}) },
        payload,
      });
      if (res.statusCode !== 201) {
        throw new Error(`demo seed: POST ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return res.json();
    },
  };
  return client;
}
