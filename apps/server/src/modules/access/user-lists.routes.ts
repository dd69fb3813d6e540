import {
  API,
  ZBusinessIdParams,
  ZBusinessUser,
  ZBusinessUserPage,
  ZBusinessUsersQuery,
  ZErrorBody,
  ZLocationParams,
  ZUserIds,
  ZUserSearchQuery,
  ZUserSuggestionPage,
  ZWorkerTotal,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import type { AccessDeps } from './access.deps.js';
import {
  countWorkers,
  listUserIds,
  listUsersAtLocation,
  pageBusinessUsers,
  searchUsersByEmail,
} from './user-lists.service.js';

const TAGS = ['users'];
const READ = { access: { permission: 'users:read' as const } };

/** The lists of Access Management and the audit screen's user search: your business only. */
export const userListsRoutes: FastifyPluginAsyncZod<{ deps: AccessDeps }> = async (app, { deps }) => {
  app.get(
    API.users.byLocation,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'listUsersAtLocation',
        summary: 'Members assigned to a location, by name',
        description: 'A location of another business answers 404. Deleted members are left out.',
        params: ZLocationParams,
        response: { 200: z.array(ZBusinessUser), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      listUsersAtLocation(deps, requirePrincipal(request.principal), request.params.locationId),
  );

  app.get(
    API.users.ids,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'listUserIds',
        summary: 'Ids of the members of your business, oldest first',
        description: 'Deleted members are left out.',
        response: { 200: ZUserIds },
      },
    },
    async (request) => listUserIds(deps, requirePrincipal(request.principal)),
  );

  app.get(
    API.users.idsByBusiness,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'listUserIdsOfBusiness',
        summary: 'Ids of the members of a business: yours only',
        description: 'Another business answers 404.',
        params: ZBusinessIdParams,
        response: { 200: ZUserIds, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => listUserIds(deps, requirePrincipal(request.principal), request.params.businessId),
  );

  app.get(
    API.users.total,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'countWorkers',
        summary: 'The worker count: members besides owners',
        description: 'Disabled and invited members count; deleted ones do not.',
        response: { 200: ZWorkerTotal },
      },
    },
    async (request) => countWorkers(deps, requirePrincipal(request.principal)),
  );

  app.get(
    API.users.businessUsers,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'listBusinessUsers',
        summary: 'A page of the members of your business: owners first, then by name',
        description:
          '`search` matches part of the name or e-mail address, whatever its case; `status` keeps INVITED, ' +
          'ACTIVE or DISABLED members. An empty or blank bearer answers 401 "Missing authorization token".',
        querystring: ZBusinessUsersQuery,
        response: { 200: ZBusinessUserPage, 400: ZErrorBody },
      },
    },
    async (request) => pageBusinessUsers(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.users.search,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'searchUsersByEmail',
        summary: 'Suggestions of members whose e-mail address contains the text, by address',
        description:
          'At least 2 characters (400 otherwise), whatever their case. Deleted members are left out.',
        querystring: ZUserSearchQuery,
        response: { 200: ZUserSuggestionPage, 400: ZErrorBody },
      },
    },
    async (request) => searchUsersByEmail(deps, requirePrincipal(request.principal), request.query),
  );
};
