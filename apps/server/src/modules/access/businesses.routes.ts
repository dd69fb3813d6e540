import fastifyMultipart from '@fastify/multipart';
import {
  API,
  LOGO_MAX_BYTES,
  ZBusiness,
  ZCreateBusinessRequest,
  ZDeleteBusinessRequest,
  ZErrorBody,
  ZIdParams,
  ZNoBody,
  ZSetupProgress,
  ZUpdateBusinessRequest,
} from '@app/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { parseJsonPart, readMultipartForm } from '../../platform/http/multipart-form.js';
import type { AccessDeps } from './access.deps.js';
import { activateBusiness, closeBusiness, deleteBusiness } from './business-lifecycle.service.js';
import { updateBusiness } from './business-profile.service.js';
import { createBusiness, getBusiness, getSetupProgress, type LogoUpload } from './businesses.service.js';

export const businessesRoutes: FastifyPluginAsyncZod<{ deps: AccessDeps }> = async (app, { deps }) => {
  // Registered here, not on the app: the plugin adds hooks to every request of its context, and
  // only these routes take files.
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 2, fields: 4, parts: 6, fieldSize: 64 * 1024 },
  });

  app.post(
    API.businesses.create,
    {
      config: { access: { permission: 'business:create' } },
      schema: {
        tags: ['businesses'],
        operationId: 'createBusiness',
        summary: 'Set up the business of the signed-in owner',
        description:
          'multipart/form-data: part `business` holds the JSON of the business (see CreateBusinessRequest), ' +
          'optional part `logo` a JPEG, PNG or WebP image of at most 5 MB.',
        consumes: ['multipart/form-data'],
        response: { 201: ZBusiness, 400: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const { business, logo } = await readBusinessForm(request, ZCreateBusinessRequest);
      return reply.code(201).send(await createBusiness(deps, principal, business, logo));
    },
  );

  app.put(
    API.businesses.byId,
    {
      config: { access: { permission: 'business:update' } },
      schema: {
        tags: ['businesses'],
        operationId: 'updateBusiness',
        summary: 'Edit the business profile, its address, time zone, currency and logo',
        description:
          'multipart/form-data as at set-up: part `business` holds the JSON of the changes (see ' +
          'UpdateBusinessRequest: only the fields sent change, an empty string clears an optional one), ' +
          'optional part `logo` a JPEG, PNG or WebP image of at most 5 MB that replaces the logo; ' +
          '`removeLogo: true` removes it. Owner and admin. Another business answers 404.',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZBusiness, 400: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      const { business, logo } = await readBusinessForm(request, ZUpdateBusinessRequest);
      return updateBusiness(deps, principal, request.params.id, business, logo);
    },
  );

  app.put(
    API.businesses.close,
    {
      config: { access: { permission: 'business:close' } },
      schema: {
        tags: ['businesses'],
        operationId: 'closeBusiness',
        summary: 'Close the business: staff can no longer sign in',
        description:
          'Sets `active` to false. Staff sign-ins are refused and their sessions end at once; owners go on. ' +
          'Closing a closed business answers it unchanged. Owner only. Another business answers 404.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZBusiness, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => closeBusiness(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.put(
    API.businesses.activate,
    {
      config: { access: { permission: 'business:close' } },
      schema: {
        tags: ['businesses'],
        operationId: 'activateBusiness',
        summary: 'Reactivate a closed business: staff may sign in again',
        description:
          'Sets `active` to true; an active business is answered unchanged. Owner only. Another business ' +
          'answers 404.',
        params: ZIdParams,
        body: ZNoBody,
        response: { 200: ZBusiness, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => activateBusiness(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.delete(
    API.businesses.byId,
    {
      config: { access: { permission: 'business:delete' } },
      schema: {
        tags: ['businesses'],
        operationId: 'deleteBusiness',
        summary: 'Delete the business and all its data',
        description:
          'The body names the business as the owner typed it (surrounding spaces ignored); another name ' +
          'answers 400 on `businessName`. Every row of the business goes in one transaction, its files ' +
          'after; staff accounts are anonymised, the owner keeps the account and sets up a business again ' +
          'at the next sign-in. Every session of its members ends. Owner only. Another business answers 404.',
        params: ZIdParams,
        body: ZDeleteBusinessRequest,
        response: { 204: z.null().describe('Deleted'), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await deleteBusiness(deps, requirePrincipal(request.principal), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    API.businesses.byId,
    {
      config: { access: { permission: 'business:read' } },
      schema: {
        tags: ['businesses'],
        operationId: 'getBusiness',
        summary: 'Your business',
        params: ZIdParams,
        response: { 200: ZBusiness, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getBusiness(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.get(
    API.businesses.setupProgress,
    {
      config: { access: { permission: 'business:read' } },
      schema: {
        tags: ['businesses'],
        operationId: 'getBusinessSetupProgress',
        summary: "Your business's first steps: a location, a store, products, staff",
        description:
          'Each flag is read from the data: at least one location, store, product (discontinued ones ' +
          'count) and staff member besides the owner. Another business answers 404.',
        params: ZIdParams,
        response: { 200: ZSetupProgress },
      },
    },
    async (request) => getSetupProgress(deps, requirePrincipal(request.principal), request.params.id),
  );
};

/**
 * The multipart form of set-up and edit: `business` (JSON, as a field or a JSON file part, read
 * with `schema`) and an optional `logo`.
 */
async function readBusinessForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ business: z.output<S>; logo: LogoUpload | null }> {
  const form = await readMultipartForm(request, {
    jsonPart: 'business',
    files: ['logo'],
    maxFileBytes: LOGO_MAX_BYTES,
    what: 'the business',
  });
  const business = parseJsonPart(form, schema, 'business');
  const logo = form.files.logo;
  return { business, logo: logo ? { data: logo } : null };
}
