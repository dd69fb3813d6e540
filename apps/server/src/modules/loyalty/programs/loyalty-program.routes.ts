import {
  API,
  ZErrorBody,
  ZLoyaltyOverrideRequest,
  ZLoyaltyProgram,
  ZNoBody,
  ZProgramIdParams,
  ZTemplateIdParams,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { LoyaltyDeps } from '../loyalty.deps.js';
import {
  activateProgram,
  deactivateProgram,
  getActiveProgram,
  overrideProgram,
  reactivateProgram,
} from './loyalty-program.service.js';

const TAGS = ['loyalty-program'];
const SWITCH_ERRORS = { 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/**
 * The business's programme (001 section 7). Starting, stopping and switching programmes changes
 * what every shopper earns: loyalty admins and the business roles (`loyalty:delete`); contributors
 * tune the overrides (`loyalty:update`).
 */
export const loyaltyProgramRoutes: FastifyPluginAsyncZod<{ deps: LoyaltyDeps }> = async (app, { deps }) => {
  app.get(
    API.loyaltyProgram.active,
    {
      config: { access: { permission: 'loyalty:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getActiveLoyaltyProgram',
        summary: 'The active programme',
        description: '404 when no programme is active (the web reads it as "no programme").',
        response: { 200: ZLoyaltyProgram, 404: ZErrorBody },
      },
    },
    async (request) => getActiveProgram(deps, requirePrincipal(request.principal)),
  );

  app.post(
    API.loyaltyProgram.activate,
    {
      config: { access: { permission: 'loyalty:delete' } },
      schema: {
        tags: TAGS,
        operationId: 'activateLoyaltyProgram',
        summary: 'Start a programme from a template',
        description:
          'A new programme of the template, without overrides, in place of the active one; the active ' +
          'programme of the same template is answered as it is. A switched-off template is 409.',
        params: ZTemplateIdParams,
        body: ZNoBody,
        response: { 200: ZLoyaltyProgram, ...SWITCH_ERRORS },
      },
    },
    async (request) => activateProgram(deps, requirePrincipal(request.principal), request.params.templateId),
  );

  app.post(
    API.loyaltyProgram.deactivate,
    {
      config: { access: { permission: 'loyalty:delete' } },
      schema: {
        tags: TAGS,
        operationId: 'deactivateLoyaltyProgram',
        summary: 'Stop the active programme',
        description:
          'Members keep their points; sales earn nothing until a programme is active. 404 when none is.',
        body: ZNoBody,
        response: { 200: ZLoyaltyProgram, ...SWITCH_ERRORS },
      },
    },
    async (request) => deactivateProgram(deps, requirePrincipal(request.principal)),
  );

  app.post(
    API.loyaltyProgram.reactivate,
    {
      config: { access: { permission: 'loyalty:delete' } },
      schema: {
        tags: TAGS,
        operationId: 'reactivateLoyaltyProgram',
        summary: 'Start an earlier programme again, with its overrides',
        params: ZProgramIdParams,
        body: ZNoBody,
        response: { 200: ZLoyaltyProgram, ...SWITCH_ERRORS },
      },
    },
    async (request) => reactivateProgram(deps, requirePrincipal(request.principal), request.params.programId),
  );

  app.patch(
    API.loyaltyProgram.override,
    {
      config: { access: { permission: 'loyalty:update' } },
      schema: {
        tags: TAGS,
        operationId: 'overrideLoyaltyProgram',
        summary: 'Override settings of the programme’s rules',
        description:
          'The overrides replace the programme’s earlier ones; each replaces a setting of the template ' +
          '(not the type), and the rules they make are checked as a template’s (400 naming the override). ' +
          '`{}` returns to the template’s rules.',
        params: ZProgramIdParams,
        body: ZLoyaltyOverrideRequest,
        response: { 200: ZLoyaltyProgram, 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      overrideProgram(
        deps,
        requirePrincipal(request.principal),
        request.params.programId,
        request.body.overrides,
      ),
  );
};
