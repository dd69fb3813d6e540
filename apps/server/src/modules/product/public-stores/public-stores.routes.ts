import { API, ZErrorBody, ZPublicStore, ZPublicStoreParams } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_SECURITY_HEADERS } from '../../../platform/http/security-headers.js';
import type { ProductDeps } from '../product.deps.js';
import { getPublicStore, getPublicStoreImage } from './public-stores.service.js';
import { IMAGE_PRODUCES, ZImageBytes } from '../../../platform/blobs/image-bytes.js';

/**
 * Lookups per client address and minute, per route, as the sign-in calls are limited. A shopper's
 * page asks each route once, so shoppers sharing a store's network reach it only at 60 a minute;
 * anyone walking through codes (2^96 of them) gets 60 guesses.
 */
export const PUBLIC_STORE_RATE_LIMIT = 60;

/** How long a browser or a shared cache may keep a store image: a replaced image shows within it. */
const IMAGE_MAX_AGE_SECONDS = 300;

const ERRORS = { 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };

/** Public routes: the auth guard never runs on them, so a token, valid or not, is not read. */
export const publicStoresRoutes: FastifyPluginAsyncZod<{ deps: ProductDeps }> = async (app, { deps }) => {
  const rateLimit = { max: PUBLIC_STORE_RATE_LIMIT, timeWindow: '1 minute' };
  // GET only: Fastify's automatic HEAD route is a route of its own with a rate-limit count of its
  // own, and its status alone (200 or 404) answers a guess: it would double the guesses.
  const exposeHeadRoute = false;

  // The API's headers by route, not by the address as written: the app's hook picks them by the
  // URL's text, and `/%61pi/public/stores/...` reaches these routes too. Public answers are what a
  // shared cache may keep, so every one (404s and 429s included) carries no-store and the deny-all
  // CSP whatever the spelling; the image route then sets its own caching.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(API_SECURITY_HEADERS);
    done();
  });

  app.get(
    API.publicStores.byCode,
    {
      exposeHeadRoute,
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['public-stores'],
        operationId: 'getPublicStore',
        summary: "A store's name, opening hours and image, by the code of its QR code",
        description:
          'No token needed. Answers only these three fields. An unknown code, a discontinued or deleted ' +
          'store and a closed business answer 404; a code that is not 16 letters, digits, `-` or `_` ' +
          `answers 400. At most ${PUBLIC_STORE_RATE_LIMIT} calls a minute from one address (429).`,
        params: ZPublicStoreParams,
        response: { 200: ZPublicStore, ...ERRORS },
      },
    },
    async (request) => getPublicStore(deps, request.params.code),
  );

  app.get(
    API.publicStores.image,
    {
      exposeHeadRoute,
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['public-stores'],
        operationId: 'getPublicStoreImage',
        summary: "A store's image, by the code of its QR code",
        description:
          'No token needed. The stored bytes with their type, cacheable for five minutes; 404 when the ' +
          `store has no image or the lookup would answer 404. At most ${PUBLIC_STORE_RATE_LIMIT} calls a ` +
          'minute from one address (429).',
        params: ZPublicStoreParams,
        produces: IMAGE_PRODUCES,
        response: {
          200: ZImageBytes,
          ...ERRORS,
        },
      },
    },
    async (request, reply) => {
      const image = await getPublicStoreImage(deps, request.params.code);
      // The API's headers (nosniff, a deny-all CSP) stay; only caching changes, since the image is
      // public. CORP: only pages of this site embed it.
      return reply
        .headers({
          'content-type': image.contentType,
          'cache-control': `public, max-age=${IMAGE_MAX_AGE_SECONDS}`,
          'x-content-type-options': 'nosniff',
          'cross-origin-resource-policy': 'same-origin',
          'content-disposition': 'inline',
        })
        .send(image.data);
    },
  );
};
