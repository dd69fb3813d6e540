import fastifyMultipart from '@fastify/multipart';
import {
  API,
  STORE_IMAGE_MAX_BYTES,
  ZErrorBody,
  ZIdParams,
  ZNearbyQuery,
  ZNoBody,
  ZNearbyStoreList,
  ZQrCodeParams,
  ZStore,
  ZStoreDetails,
  ZStoreInventory,
  ZStoreList,
  ZStoreListQuery,
  ZStoreRequest,
  ZStoreSearchQuery,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import { parseJsonPart, parseWith, readMultipartForm } from '../../../platform/http/multipart-form.js';
import type { ProductDeps } from '../product.deps.js';
import {
  createStore,
  deleteStore,
  toggleBasketWeight,
  updateStore,
  type StoreImageUpload,
  type StoreInput,
} from './store-admin.service.js';
import {
  findNearbyStores,
  getStore,
  getStoreByQrCode,
  getStoreDetails,
  getStoreInventory,
  listStores,
  searchStoresByLocationName,
} from './store-reads.service.js';

/** Answers every signed-in call may give besides its own. */
const FORM_DESCRIPTION =
  'multipart/form-data: part `store` holds the JSON of the store (see StoreRequest), optional part ' +
  '`image` a JPEG, PNG or WebP image of at most 5 MB (415 for anything else, 413 when larger).';

export const storesRoutes: FastifyPluginAsyncZod<{ deps: ProductDeps }> = async (app, { deps }) => {
  // Registered here, not on the app: the plugin adds hooks to every request of its context, and
  // only these routes take files.
  await app.register(fastifyMultipart, {
    // Two files at most: the image, and `store` when a client sends its JSON as a file part.
    limits: { fileSize: STORE_IMAGE_MAX_BYTES, files: 2, fields: 2, parts: 4, fieldSize: 64 * 1024 },
  });

  app.post(
    API.stores.root,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: ['stores'],
        operationId: 'createStore',
        summary: 'Open a store at a free location',
        description:
          `${FORM_DESCRIPTION} The location must be active and serve no other store or warehouse ` +
          "(409 on `locationId`); the plan's store limit counts active stores (403 with X-Plan-Violation).",
        consumes: ['multipart/form-data'],
        response: {
          201: ZStore,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          413: ZErrorBody,
          415: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const { store, image } = await readStoreForm(request);
      return reply.code(201).send(await createStore(deps, principal, store, image));
    },
  );

  app.get(
    API.stores.root,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['stores'],
        operationId: 'listStores',
        summary: 'Stores of your business',
        description: 'Sorted by name; active ones unless `active` says otherwise.',
        querystring: ZStoreListQuery,
        response: { 200: ZStoreList, 400: ZErrorBody },
      },
    },
    async (request) => listStores(deps, requirePrincipal(request.principal), request.query.active),
  );

  app.get(
    API.stores.business,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['stores'],
        operationId: 'listBusinessStores',
        summary: 'Active stores of your business',
        description: 'Sorted by name; discontinued stores are left out.',
        response: { 200: ZStoreList },
      },
    },
    async (request) => listStores(deps, requirePrincipal(request.principal), 'true'),
  );

  app.get(
    API.stores.businessUnfiltered,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['stores'],
        operationId: 'listAllBusinessStores',
        summary: 'All stores of your business, discontinued ones included',
        description: 'Sorted by name.',
        response: { 200: ZStoreList },
      },
    },
    async (request) => listStores(deps, requirePrincipal(request.principal), 'all'),
  );

  app.get(
    API.stores.search,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['stores'],
        operationId: 'searchStoresByLocationName',
        summary: "Active stores whose location's name contains the text",
        description: 'Any case; sorted by store name.',
        querystring: ZStoreSearchQuery,
        response: { 200: ZStoreList, 400: ZErrorBody },
      },
    },
    async (request) =>
      searchStoresByLocationName(deps, requirePrincipal(request.principal), request.query.locationName),
  );

  app.get(
    API.stores.nearby,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['stores'],
        operationId: 'listNearbyStores',
        summary: 'Active stores near a point',
        description:
          'Stores whose location has coordinates within `radiusKm` (default 10) of the point, by ' +
          'great-circle distance, nearest first; `distanceKm` is rounded to 2 decimals.',
        querystring: ZNearbyQuery,
        response: { 200: ZNearbyStoreList, 400: ZErrorBody },
      },
    },
    async (request) => {
      const { latitude, longitude, radiusKm } = request.query;
      return findNearbyStores(deps, requirePrincipal(request.principal), { latitude, longitude }, radiusKm);
    },
  );

  app.get(
    API.stores.byQrCode,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['stores'],
        operationId: 'getStoreByQrCode',
        summary: 'A store of your business by its QR code',
        description: "Another business's code answers 404.",
        params: ZQrCodeParams,
        response: { 200: ZStore, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getStoreByQrCode(deps, requirePrincipal(request.principal), request.params.code),
  );

  app.get(
    API.stores.byId,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['stores'],
        operationId: 'getStore',
        summary: 'A store',
        description: "Active or discontinued. Another business's store answers 404.",
        params: ZIdParams,
        response: { 200: ZStore, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getStore(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.put(
    API.stores.byId,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: ['stores'],
        operationId: 'updateStore',
        summary: 'Change a store',
        description:
          `Either ${FORM_DESCRIPTION} Or a plain JSON body with the store's fields. The fields are ` +
          'replaced; a new image replaces the old one. `active: true` on a discontinued store ' +
          "reactivates it within the plan's store limit.",
        consumes: ['multipart/form-data', 'application/json'],
        params: ZIdParams,
        response: {
          200: ZStore,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          413: ZErrorBody,
          415: ZErrorBody,
        },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      const { store, image } = request.isMultipart()
        ? await readStoreForm(request)
        : { store: parseWith(ZStoreRequest, request.body ?? {}), image: null };
      return updateStore(deps, principal, request.params.id, store, image);
    },
  );

  app.delete(
    API.stores.byId,
    {
      config: { access: { permission: 'inventory:delete' } },
      schema: {
        tags: ['stores'],
        operationId: 'deleteStore',
        summary: 'Delete a store',
        description:
          'Answers 204 with no body; its image goes with it, its location stays. 409 IN_USE while it ' +
          'has carrying containers.',
        params: ZIdParams,
        response: {
          204: z.null().describe('Deleted'),
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      await deleteStore(deps, requirePrincipal(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    API.stores.toggleBasketWeight,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: ['stores'],
        operationId: 'toggleStoreBasketWeight',
        summary: 'Switch basket weighing at the store on or off',
        description: 'Flips `basketWeightEnabled` and answers the store.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZStore, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => toggleBasketWeight(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.get(
    API.stores.inventory,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['stores'],
        operationId: 'getStoreInventory',
        summary: "The store's stock",
        description: "The active stock items at the store's location, by product name.",
        params: ZIdParams,
        response: { 200: ZStoreInventory, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getStoreInventory(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.get(
    API.stores.details,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['stores'],
        operationId: 'getStoreDetails',
        summary: 'A store with its counts and card readers',
        description:
          "Active products and stock units at the store's location, its active carrying containers, " +
          'and the card readers registered there.',
        params: ZIdParams,
        response: { 200: ZStoreDetails, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getStoreDetails(deps, requirePrincipal(request.principal), request.params.id),
  );
};

/** The multipart form: `store` (JSON, as a field or a JSON file part) and an optional `image`. */
async function readStoreForm(
  request: FastifyRequest,
): Promise<{ store: StoreInput; image: StoreImageUpload | null }> {
  const form = await readMultipartForm(request, {
    jsonPart: 'store',
    files: ['image'],
    maxFileBytes: STORE_IMAGE_MAX_BYTES,
    what: 'the store',
  });
  const store = parseJsonPart(form, ZStoreRequest, 'store');
  const image = form.files.image;
  return { store, image: image ? { data: image } : null };
}
