import fastifyMultipart from '@fastify/multipart';
import {
  API,
  LOGO_MAX_BYTES,
  ZBusiness,
  ZCreateBusinessRequest,
  ZIdParams,
  ZSetupProgress,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { parseJsonPart, readMultipartForm } from '../../platform/http/multipart-form.js';
import type { AccessDeps } from './access.deps.js';
import {
  createBusiness,
  getBusiness,
  getSetupProgress,
  type CreateBusinessInput,
  type LogoUpload,
} from './businesses.service.js';

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
        response: { 201: ZBusiness },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const { business, logo } = await readBusinessForm(request);
      return reply.code(201).send(await createBusiness(deps, principal, business, logo));
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
        response: { 200: ZBusiness },
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

/** The multipart form: `business` (JSON, as a field or a JSON file part) and an optional `logo`. */
async function readBusinessForm(
  request: FastifyRequest,
): Promise<{ business: CreateBusinessInput; logo: LogoUpload | null }> {
  const form = await readMultipartForm(request, {
    jsonPart: 'business',
    files: ['logo'],
    maxFileBytes: LOGO_MAX_BYTES,
    what: 'the business',
  });
  const business = parseJsonPart(form, ZCreateBusinessRequest, 'business');
  const logo = form.files.logo;
  return { business, logo: logo ? { data: logo } : null };
}
