import fastifyMultipart from '@fastify/multipart';
import {
  API,
  PICTURE_MAX_BYTES,
  ZBusinessUser,
  ZErrorBody,
  ZIdParams,
  ZNoBody,
  ZRolesRequest,
  ZUserRoles,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/http/app-error.js';
import { readMultipartForm } from '../../platform/http/multipart-form.js';
import type { AccessDeps } from './access.deps.js';
import { uploadPicture } from './user-picture.service.js';
import { assignRoles, getUserRoles, removeRoles } from './user-roles.service.js';
import { setUserDisabled } from './users-admin.service.js';

const TAGS = ['users'];
const ERRORS = { 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

const ROLE_RULES =
  'Nobody changes their own roles (403); only an owner gives, takes or changes the owner role and ' +
  "an owner's roles (403 for an admin); the last owner who can act keeps the owner role (409). A " +
  "change ends the member's sessions at once: the next sign-in carries the new roles. An owner " +
  "who becomes staff counts against the plan's staff limit. Audited as ACCESS_ADJUSTED.";

/** Access Management's calls on one member: disable, enable, roles, and the profile picture. */
export const userAdminRoutes: FastifyPluginAsyncZod<{ deps: AccessDeps }> = async (app, { deps }) => {
  // Registered here, not on the app: the plugin adds hooks to every request of its context.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 0, parts: 2, fieldSize: 1024 },
  });

  for (const isDisabled of [true, false]) {
    app.put(
      isDisabled ? API.users.disable : API.users.enable,
      {
        config: { access: { permission: 'users:update' } },
        schema: {
          tags: TAGS,
          operationId: isDisabled ? 'disableUser' : 'enableUser',
          summary: isDisabled ? 'Disable a member: every session ends at once' : 'Enable a disabled member',
          description:
            'Not your own account (403); only an owner acts on an owner (403 for an admin). ' +
            (isDisabled
              ? 'The last owner who can act cannot be disabled (409). '
              : 'The member signs in again with the same password. ') +
            'Audited as ACCESS_ADJUSTED.',
          params: ZIdParams,
          body: ZNoBody,
          response: { 200: ZBusinessUser, ...ERRORS },
        },
      },
      async (request) =>
        setUserDisabled(deps, requirePrincipal(request.principal), request.params.id, isDisabled),
    );
  }

  app.get(
    API.users.roles,
    {
      config: { access: { permission: 'users:read' } },
      schema: {
        tags: TAGS,
        operationId: 'getUserRoles',
        summary: "A member's roles",
        description: 'A user of another business answers 404.',
        params: ZIdParams,
        response: { 200: ZUserRoles, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => getUserRoles(deps, requirePrincipal(request.principal), request.params.id),
  );

  app.put(
    API.users.roles,
    {
      config: { access: { permission: 'users:update' } },
      schema: {
        tags: TAGS,
        operationId: 'assignUserRoles',
        summary: "Replace a member's roles with the list sent (at least one)",
        description: ROLE_RULES,
        params: ZIdParams,
        body: ZRolesRequest,
        response: { 200: ZUserRoles, ...ERRORS },
      },
    },
    async (request) =>
      assignRoles(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.put(
    API.users.rolesRemove,
    {
      config: { access: { permission: 'users:update' } },
      schema: {
        tags: TAGS,
        operationId: 'removeUserRoles',
        summary: 'Take the roles sent away from a member, who keeps at least one',
        description: ROLE_RULES,
        params: ZIdParams,
        body: ZRolesRequest,
        response: { 200: ZUserRoles, ...ERRORS },
      },
    },
    async (request) =>
      removeRoles(deps, requirePrincipal(request.principal), request.params.id, request.body),
  );

  app.put(
    API.users.picture,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: TAGS,
        operationId: 'uploadUserPicture',
        summary: 'Set the profile picture: yours, or (owner and admin) a member of your business',
        description:
          'multipart/form-data with one part `picture`: a JPEG, PNG or WebP image of at most 5 MB, checked ' +
          'by its content and stored re-encoded. The answer carries the blob name in `picture`; download it ' +
          'with GET /api/azure-blob/download-image. Audited as USER_UPDATE.',
        params: ZIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZBusinessUser, ...ERRORS, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request.principal);
      const form = await readMultipartForm(request, {
        files: ['picture'],
        maxFileBytes: PICTURE_MAX_BYTES,
        what: 'the picture',
      });
      const picture = form.files.picture;
      if (!picture) {
        throw new AppError('VALIDATION_ERROR', 'Choose a picture to upload.', {
          fieldErrors: { picture: ['Choose a picture to upload.'] },
        });
      }
      return uploadPicture(deps, principal, request.params.id, picture);
    },
  );
};
