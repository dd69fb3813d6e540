import {
  API,
  ZErrorBody,
  ZIdParams,
  ZLoyaltyMember,
  ZLoyaltyMemberDetail,
  ZLoyaltyMemberListQuery,
  ZLoyaltyMemberPage,
  ZLoyaltyMemberRequest,
  ZLoyaltyMemberUpdate,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import type { LoyaltyDeps } from '../loyalty.deps.js';
import { changeMember, createMember, getMember, listMembers } from './members.service.js';

const TAGS = ['loyalty-members'];
const CLASH =
  'A card code, e-mail or phone number another member has is 409 naming the field ' +
  '(`cardCode`, `email`, `phone`); e-mails are compared in lower case, card codes in upper case.';

/**
 * Members of the loyalty programme (001 section 7): the loyalty roles read, contributors create
 * and change (feature LOYALTY); reading needs no plan, so members stay visible after a downgrade.
 */
export const loyaltyMembersRoutes: FastifyPluginAsyncZod<{ deps: LoyaltyDeps }> = async (app, { deps }) => {
  app.get(
    API.loyaltyMembers.root,
    {
      config: { access: { permission: 'loyalty:read' } },
      schema: {
        tags: TAGS,
        operationId: 'listLoyaltyMembers',
        summary: 'A page of loyalty members',
        description:
          '`search` matches part of the name, e-mail, phone or card code, whatever its case. `sort`: ' +
          '`name` (members without a name last, then by card code), `points` (the top members first) ' +
          'or `newest`. `tier` is read from the active programme (null without a tiered one).',
        querystring: ZLoyaltyMemberListQuery,
        response: { 200: ZLoyaltyMemberPage, 400: ZErrorBody },
      },
    },
    async (request) => listMembers(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.loyaltyMembers.byId,
    {
      config: { access: { permission: 'loyalty:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getLoyaltyMember',
        summary: 'A member, with the latest 100 entries of her points',
        params: ZIdParams,
        response: { 200: ZLoyaltyMemberDetail, 404: ZErrorBody },
      },
    },
    async (request) => getMember(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.post(
    API.loyaltyMembers.root,
    {
      config: { access: { permission: 'loyalty:create' } },
      schema: {
        tags: TAGS,
        operationId: 'createLoyaltyMember',
        summary: 'Enrol a member',
        description: `The member starts with no points; a card code left out is made (\`LM-\` and 8 characters). ${CLASH}`,
        body: ZLoyaltyMemberRequest,
        response: { 201: ZLoyaltyMember, 400: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createMember(deps, requirePrincipal(request.principal), request.body)),
  );

  app.put(
    API.loyaltyMembers.byId,
    {
      config: { access: { permission: 'loyalty:update' } },
      schema: {
        tags: TAGS,
        operationId: 'updateLoyaltyMember',
        summary: "Change a member's details, or correct her points",
        description:
          'A detail left out keeps its value; null clears it; the card code changes when given. ' +
          '`adjustment` adds or takes points with a reason (an ADJUST entry; added points expire as ' +
          'the active programme’s do, and count towards no tier); taking more than the member can ' +
          `spend is 409 and changes nothing. ${CLASH}`,
        params: ZIdParams,
        body: ZLoyaltyMemberUpdate,
        response: {
          200: ZLoyaltyMemberDetail,
          400: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
        },
      },
    },
    async (request) =>
      changeMember(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );
};
