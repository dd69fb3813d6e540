/**
 * Security review (helper-f): the logo upload as a CPU amplifier.
 *
 * POST /api/businesses/create decodes and re-encodes the logo before anything else, even for an
 * owner whose business is already set up (the answer is then 409, after the work). A 322 KB PNG
 * (6300x6300, 16-bit RGBA, EXIF orientation 6: under the 40 MP limit) costs about 3 s of libvips
 * CPU; on the real server 8 such uploads in parallel took 17 s and held a registration (argon2
 * on the same libuv pool) at 5 s instead of 0.1 s. Any verified owner can repeat this at will:
 * the route has no rate limit and decoding has no concurrency bound.
 *
 * Fix: look up the owner first (no business yet) and only then decode; bound image decoding to
 * one or two at a time (a small semaphore, 503 when full) and rate-limit the route per user;
 * consider a lower pixel limit for logos (fit-in-2048 output needs nowhere near 40 MP).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, verifiedOwner } from '../factories/accounts.js';
import { multipart, PNG_1X1 } from '../factories/multipart.js';
import * as images from '../../src/platform/blobs/images.js';

let inFlight = 0;
let maxInFlight = 0;
vi.mock('../../src/platform/blobs/images.js', async (importOriginal) => {
  const original = await importOriginal<typeof images>();
  return {
    ...original,
    reencodeImage: vi.fn(async (...args: Parameters<typeof original.reencodeImage>) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        // Stands for a costly decode, so that uploads overlap as they do on the real server.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return await original.reencodeImage(...args);
      } finally {
        inFlight--;
      }
    }),
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const upload = (token: string) => {
  const form = multipart([
    { name: 'business', value: JSON.stringify({ businessName: 'Again' }) },
    { name: 'logo', value: PNG_1X1, filename: 'logo.png', contentType: 'image/png' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/businesses/create',
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
};

describe('SECURITY logo decoding cost', () => {
  it('does not decode the logo of an owner whose business is already set up', async () => {
    const owner = await ownerWithBusiness(t);
    vi.mocked(images.reencodeImage).mockClear();
    const res = await upload(owner.token);
    expect(res.statusCode).toBe(409);
    expect(vi.mocked(images.reencodeImage)).not.toHaveBeenCalled();
  });

  it('decodes at most two uploaded images at a time', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => verifiedOwner(t)));
    maxInFlight = 0;
    await Promise.all(owners.map((owner) => upload(owner.token)));
    expect(maxInFlight).toBeLessThanOrEqual(2);
  });
});
