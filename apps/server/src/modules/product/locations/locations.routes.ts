import {
  API,
  ZErrorBody,
  ZIdParams,
  ZLocation,
  ZLocationAutocompleteQuery,
  ZLocationList,
  ZLocationListQuery,
  ZLocationRequest,
  ZNoBody,
  ZPosReader,
  ZPosReaderRegistration,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { ProductDeps } from '../product.deps.js';
import {
  AUTOCOMPLETE_LIMIT,
  autocompleteLocations,
  createLocation,
  deleteLocation,
  getLocation,
  listLocations,
  listUnreferencedLocations,
  setLocationActive,
  updateLocation,
} from './location-admin.service.js';
import { registerPosReader } from './pos-readers.service.js';
import { createSandboxPosTerminalProvider, type PosTerminalProvider } from './pos-terminal-provider.js';

/** Answers every signed-in call may give besides its own. */

export type LocationsRoutesOptions = {
  deps: ProductDeps;
  /** The card reader provider; the sandbox unless one is given (Stripe Terminal: with the point of sale). */
  posTerminals?: PosTerminalProvider;
};

export const locationsRoutes: FastifyPluginAsyncZod<LocationsRoutesOptions> = async (
  app,
  { deps, posTerminals = createSandboxPosTerminalProvider() },
) => {
  app.post(
    API.locations.root,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: ['locations'],
        operationId: 'createLocation',
        summary: 'Add a location',
        description: 'A place of the business; a store or a warehouse can then be opened there.',
        body: ZLocationRequest,
        response: { 201: ZLocation, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      return reply.code(201).send(await createLocation(deps, principal, request.body));
    },
  );

  app.get(
    API.locations.root,
    {
      config: { access: { permission: 'catalogue:read' } },
      schema: {
        tags: ['locations'],
        operationId: 'listLocations',
        summary: 'Locations of your business',
        description: 'Sorted by name; active ones unless `active` says otherwise.',
        querystring: ZLocationListQuery,
        response: { 200: ZLocationList, 400: ZErrorBody },
      },
    },
    async (request) => listLocations(deps, requirePrincipal(request.principal), request.query.active),
  );

  app.get(
    API.locations.business,
    {
      config: { access: { permission: 'catalogue:read' } },
      schema: {
        tags: ['locations'],
        operationId: 'listBusinessLocations',
        summary: 'Active locations of your business',
        description: 'Sorted by name; discontinued locations are left out.',
        response: { 200: ZLocationList },
      },
    },
    async (request) => listLocations(deps, requirePrincipal(request.principal), 'true'),
  );

  app.get(
    API.locations.businessUnfiltered,
    {
      config: { access: { permission: 'catalogue:read' } },
      schema: {
        tags: ['locations'],
        operationId: 'listAllBusinessLocations',
        summary: 'All locations of your business, discontinued ones included',
        description: 'Sorted by name.',
        response: { 200: ZLocationList },
      },
    },
    async (request) => listLocations(deps, requirePrincipal(request.principal), 'all'),
  );

  app.get(
    API.locations.unreferenced,
    {
      config: { access: { permission: 'inventory:read' } },
      schema: {
        tags: ['locations'],
        operationId: 'listUnreferencedLocations',
        summary: 'Active locations no store or warehouse uses yet',
        description: 'Sorted by name. When there are none the answer is 204 with no body.',
        response: {
          200: ZLocationList,
          204: z.null().describe('No location is free'),
        },
      },
    },
    async (request, reply) => {
      const rows = await listUnreferencedLocations(deps, requirePrincipal(request.principal));
      if (rows.length === 0) return reply.code(204).send(null);
      return rows;
    },
  );

  app.get(
    API.locations.autocomplete,
    {
      config: { access: { permission: 'catalogue:read' } },
      schema: {
        tags: ['locations'],
        operationId: 'autocompleteLocations',
        summary: 'Active locations whose name or address contains the text',
        description: `Any case; at most ${AUTOCOMPLETE_LIMIT}, sorted by name.`,
        querystring: ZLocationAutocompleteQuery,
        response: { 200: ZLocationList, 400: ZErrorBody },
      },
    },
    async (request) => autocompleteLocations(deps, requirePrincipal(request.principal), request.query.input),
  );

  app.get(
    API.locations.byId,
    {
      config: { access: { permission: 'catalogue:read' } },
      schema: {
        tags: ['locations'],
        operationId: 'getLocation',
        summary: 'A location',
        description: "Active or discontinued. Another business's location answers 404.",
        params: ZIdParams,
        response: { 200: ZLocation, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getLocation(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.put(
    API.locations.byId,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: ['locations'],
        operationId: 'updateLocation',
        summary: 'Change a location',
        description: 'Replaces the name, address, coordinates and phone.',
        params: ZIdParams,
        body: ZLocationRequest,
        response: { 200: ZLocation, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      updateLocation(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.delete(
    API.locations.byId,
    {
      config: { access: { permission: 'inventory:delete' } },
      schema: {
        tags: ['locations'],
        operationId: 'deleteLocation',
        summary: 'Delete a location nothing uses',
        description:
          'Answers 204 with no body; its card readers go with it. 409 IN_USE while a store, a ' +
          'warehouse, products, categories or stock are there: discontinue it instead.',
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
      await deleteLocation(deps, requirePrincipal(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    API.locations.reactivate,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: ['locations'],
        operationId: 'reactivateLocation',
        summary: 'Reactivate a discontinued location',
        description: 'Answers the location.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZLocation, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => setLocationActive(deps, requirePrincipal(request.principal), request.params.id, true),
  );

  app.patch(
    API.locations.discontinue,
    {
      config: { access: { permission: 'inventory:update' } },
      schema: {
        tags: ['locations'],
        operationId: 'discontinueLocation',
        summary: 'Discontinue a location',
        description:
          'Answers the location. 409 while an active store or warehouse is there: discontinue or ' +
          'delete that first.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZLocation, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => setLocationActive(deps, requirePrincipal(request.principal), request.params.id, false),
  );

  app.post(
    API.locations.registerReader,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: ['locations'],
        operationId: 'registerPosReader',
        summary: "Register a card reader at a store's location",
        description:
          'Registers the reader with the payment provider (the sandbox unless one is configured: it ' +
          'accepts `simulated-wpe` or three words joined by `-`). The location must serve an active ' +
          'store (409 otherwise); a label is unique per location (409 on `label`).',
        body: ZPosReaderRegistration,
        response: { 201: ZPosReader, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      return reply.code(201).send(await registerPosReader(deps, posTerminals, principal, request.body));
    },
  );
};
