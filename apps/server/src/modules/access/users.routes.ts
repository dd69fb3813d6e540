import {
  API,
  ZBusinessUser,
  ZCreateUserRequest,
  ZErrorBody,
  ZIdParams,
  ZMessageResponse,
  ZNewPasswordRequest,
  ZNoBody,
  ZTokenQuery,
  ZUpdateUserRequest,
  ZUser,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import type { AccessDeps } from './access.deps.js';
import { deleteUser } from './users-admin.service.js';
import { confirmEmailChange, emailChangeRedirect, updateUserProfile } from './users-profile.service.js';
import { createStaffUser, getUser, resendInvitation, validateAccount } from './users.service.js';

const TAGS = ['users'];

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
        tags: TAGS,
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
        tags: TAGS,
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
    API.users.confirmEmail,
    {
      // Per client address, as validate-account: a link token cannot be guessed at request speed.
      config: { access: 'public', rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        operationId: 'confirmEmailChange',
        summary: 'Confirm a new e-mail address (the link mailed to it)',
        description:
          'Applies the pending address if no other account took it meanwhile, marks it verified and uses ' +
          'the link up; sessions go on. Redirects (303) to /dashboard/profile?emailChange=done, or ' +
          '?emailChange=expired for a link that is used, expired or unknown, or an address taken meanwhile.',
        querystring: ZTokenQuery,
        response: { 303: z.null().describe('Redirect to the profile page'), 400: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.redirect(emailChangeRedirect(await confirmEmailChange(deps, request.query.token)), 303),
  );

  app.get(
    API.users.byId,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: TAGS,
        operationId: 'getUser',
        summary: 'A user: yourself, or (owner and admin) a user of your business',
        description:
          'A member of another business, or of yours without `users:read`, answers 404. `status` is ' +
          'INVITED until the invitation is accepted; `pendingEmail` a new address waiting for its link.',
        params: ZIdParams,
        response: { 200: ZBusinessUser, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getUser(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.put(
    API.users.byId,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: TAGS,
        operationId: 'updateUser',
        summary: 'Update a profile: yours, or (owner and admin) a member of your business',
        description:
          'Only the fields sent change; an empty string clears an optional field. A new `email` does not ' +
          'take effect: it waits in `pendingEmail` until the link mailed to it is opened, and the current ' +
          'address gets a notice. An address of a member of your business answers 409, as does a taken ' +
          'username. Only an owner changes an owner. Audited as USER_UPDATE (field names only).',
        params: ZIdParams,
        body: ZUpdateUserRequest,
        response: { 200: ZBusinessUser, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) =>
      updateUserProfile(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.delete(
    API.users.byId,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: TAGS,
        operationId: 'deleteUser',
        summary: 'Delete an account: yours (Profile), or (owner and admin) a member of your business',
        description:
          'The account is anonymised, not removed: audit entries keep its id. Every session and link of ' +
          'it ends at once and the address is free again. The last owner who can act cannot be deleted: ' +
          'an owner deleting their own account gets 409 with what to do first. Audited as USER_DELETION.',
        params: ZIdParams,
        response: { 204: z.null().describe('Deleted'), 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      await deleteUser(deps, requirePrincipal(request.principal), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    API.users.resendInvitation,
    {
      config: { access: { permission: 'users:create' } },
      schema: {
        tags: TAGS,
        operationId: 'resendInvitation',
        summary: 'Mail a new invitation link to a member who has not accepted yet',
        description:
          'Older invitation links of the member stop working. 409 for a member who accepted already or ' +
          'is disabled; 429 within a minute of the last link (five an hour at most).',
        params: ZIdParams,
        body: ZNoBody,
        response: {
          200: ZMessageResponse,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          429: ZErrorBody,
        },
      },
    },
    async (request) => resendInvitation(deps, requirePrincipal(request.principal), request.params.id),
  );
};
