import {
  API,
  ZActiveFilter,
  ZErrorBody,
  ZIdParams,
  ZLoyaltyTemplate,
  ZLoyaltyTemplateRequest,
  ZNoBody,
  ZTemplateStatusQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { LoyaltyDeps } from '../loyalty.deps.js';
import {
  changeTemplate,
  createTemplate,
  getTemplate,
  listTemplates,
  setTemplateActive,
} from './loyalty-templates.service.js';

const TAGS = ['loyalty-templates'];
const ACTIVE_FILTER = { true: true, false: false, all: null } as const;

/** Loyalty templates (001 section 7): the loyalty roles read, contributors write (feature LOYALTY). */
export const loyaltyTemplatesRoutes: FastifyPluginAsyncZod<{ deps: LoyaltyDeps }> = async (app, { deps }) => {
  app.get(
    API.loyaltyTemplates.active,
    {
      config: { access: { permission: 'loyalty:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listActiveLoyaltyTemplates',
        summary: 'The templates a programme can start from',
        description: 'The built-in templates, then the business’s own that are switched on, by name.',
        response: { 200: z.array(ZLoyaltyTemplate) },
      },
    },
    async (request) => listTemplates(deps, requirePrincipal(request.principal), true),
  );

  app.get(
    API.loyaltyTemplates.root,
    {
      config: { access: { permission: 'loyalty:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listLoyaltyTemplates',
        summary: 'Every template, switched on or off',
        description:
          'Switched-on templates by default; `active=false` the switched-off ones, `active=all` both.',
        querystring: z.object({ active: ZActiveFilter }),
        response: { 200: z.array(ZLoyaltyTemplate), 400: ZErrorBody },
      },
    },
    async (request) =>
      listTemplates(deps, requirePrincipal(request.principal), ACTIVE_FILTER[request.query.active]),
  );

  app.get(
    API.loyaltyTemplates.byId,
    {
      config: { access: { permission: 'loyalty:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getLoyaltyTemplate',
        summary: 'A template, built-in or the business’s own',
        params: ZIdParams,
        response: { 200: ZLoyaltyTemplate, 404: ZErrorBody },
      },
    },
    async (request) => getTemplate(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.post(
    API.loyaltyTemplates.root,
    {
      config: { access: { permission: 'loyalty:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createLoyaltyTemplate',
        summary: 'Create a template of the business',
        description:
          'The rules carry the type. A name is unique in the business whatever its case (409, field name).',
        body: ZLoyaltyTemplateRequest,
        response: { 201: ZLoyaltyTemplate, 400: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTemplate(deps, requirePrincipal(request.principal), request.body)),
  );

  app.put(
    API.loyaltyTemplates.byId,
    {
      config: { access: { permission: 'loyalty:update' } },
      schema: {
        tags: TAGS,
        operationId: 'updateLoyaltyTemplate',
        summary: 'Replace a template of the business',
        description:
          'Built-in templates are read-only (409). A template a programme is built from keeps its type, ' +
          'and its rules must still take the programme’s overrides (409).',
        params: ZIdParams,
        body: ZLoyaltyTemplateRequest,
        response: {
          200: ZLoyaltyTemplate,
          400: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
        },
      },
    },
    async (request) =>
      changeTemplate(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.patch(
    API.loyaltyTemplates.status,
    {
      config: { access: { permission: 'loyalty:update' } },
      schema: {
        tags: TAGS,
        operationId: 'setLoyaltyTemplateStatus',
        summary: 'Switch a template of the business on or off',
        description: 'A programme already built from it runs on. Built-in templates are read-only (409).',
        params: ZIdParams,
        querystring: ZTemplateStatusQuery,
        body: ZNoBody,
        response: {
          200: ZLoyaltyTemplate,
          400: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
        },
      },
    },
    async (request) =>
      setTemplateActive(deps, requirePrincipal(request.principal), request.params.id, request.query.active),
  );
};
