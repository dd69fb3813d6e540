import { API, ZCreateUserRequest, ZIdParams, ZNewPasswordRequest, ZTokenQuery, ZUser } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import type { AccessDeps } from './access.deps.js';
import { createStaffUser, getUser, validateAccount } from './users.service.js';

export type UsersRoutesOptions = { deps: AccessDeps; authRateLimit: number };

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { deps, authRateLimit },
) => {
  app.post(
    API.users.root,
    {
      config: { access: { permission: 'users:create' } },
      schema: {
        tags: ['users'],
        operationId: 'createUser',
        summary: 'Create a staff member of your business; mails an invitation link',
        body: ZCreateUserRequest,
        response: { 201: ZUser },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      return reply.code(201).send(await createStaffUser(deps, principal, request.body));
    },
  );

  app.post(
    API.users.validateAccount,
    {
      // Per client address: an invitation token cannot be guessed at request speed.
      config: { access: 'public', rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        operationId: 'validateAccount',
        summary: 'An invited staff member sets the first password (plain-text answer)',
        querystring: ZTokenQuery,
        body: ZNewPasswordRequest,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const text = await validateAccount(deps, request.query.token, request.body.newPassword);
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );

  app.get(
    API.users.byId,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        operationId: 'getUser',
        summary: 'A user: yourself, or (owner and admin) a user of your business',
        params: ZIdParams,
        response: { 200: ZUser },
      },
    },
    async (request) => getUser(deps, requirePrincipal(request.principal), request.params.id),
  );
};
