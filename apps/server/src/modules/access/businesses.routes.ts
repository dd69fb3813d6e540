import fastifyMultipart from '@fastify/multipart';
import {
  API,
  LOGO_MAX_BYTES,
  ZBusiness,
  ZCreateBusinessRequest,
  ZIdParams,
  ZSetupProgress,
} from '@app/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/http/app-error.js';
import { validationError, zodFieldErrors } from '../../platform/http/validation.js';
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
          'Each flag is read from the data. Locations, stores and products answer false until the ' +
          'catalogue exists. Another business answers 404.',
        params: ZIdParams,
        response: { 200: ZSetupProgress },
      },
    },
    async (request) => getSetupProgress(deps, requirePrincipal(request.principal), request.params.id),
  );
};

/**
 * Reads the multipart form: `business` as a text field or as a JSON file part (browsers that
 * append a Blob send the latter), and an optional `logo`. Anything else is refused.
 */
async function readBusinessForm(
  request: FastifyRequest,
): Promise<{ business: CreateBusinessInput; logo: LogoUpload | null }> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the business as multipart/form-data with a part named business.',
    );
  }
  let businessJson: string | undefined;
  let logo: LogoUpload | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname !== 'business') throw unknownPart(part.fieldname);
      businessJson = String(part.value);
    } else if (part.fieldname === 'business') {
      businessJson = (await readFile(part)).toString('utf8');
    } else if (part.fieldname === 'logo') {
      logo = { data: await readFile(part) };
    } else {
      throw unknownPart(part.fieldname);
    }
  }
  if (businessJson === undefined) {
    throw new AppError('VALIDATION_ERROR', 'The form has no part named business.', {
      fieldErrors: { business: ['The business details are missing.'] },
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(businessJson);
  } catch {
    throw new AppError('BAD_REQUEST', 'The business part is not valid JSON.');
  }
  const parsed = ZCreateBusinessRequest.safeParse(raw);
  if (!parsed.success) {
    throw validationError(zodFieldErrors(parsed.error));
  }
  return { business: parsed.data, logo };
}

async function readFile(part: MultipartFile): Promise<Buffer> {
  const data = await part.toBuffer();
  if (part.file.truncated)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 5 MB. Choose a smaller one.');
  return data;
}

function unknownPart(name: string): AppError {
  return new AppError(
    'BAD_REQUEST',
    `The form has an unexpected part "${name}"; only business and logo are accepted.`,
  );
}
