import {
  API,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZNewPasswordRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZTokenQuery,
  WEB_ROUTES,
  ZErrorBody,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import type { AccessDeps } from './access.deps.js';
import { requirePrincipal } from '../../platform/auth/guard.js';
import {
  confirmPasswordReset,
  login,
  logout,
  register,
  requestPasswordReset,
  verifyEmail,
} from './auth.service.js';

export type AuthRoutesOptions = { deps: AccessDeps; authRateLimit: number };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { deps, authRateLimit }) => {
  // Per client address, per route: slows down password guessing and sign-up and mail floods.
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };

  app.post(
    API.auth.register,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Register a business owner; mails a verification link',
        description:
          'The answer is the same whether or not the address already has an account: the owner of ' +
          'an existing account is mailed a note with links to sign in and reset the password instead. ' +
          'A username that is taken is left out of the new account (its verification mail says so).',
        body: ZRegisterRequest,
        response: { 201: ZRegisterResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await register(deps, request.body)),
  );

  app.get(
    API.auth.verifyEmail,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Verify an e-mail address (the link in the e-mail)',
        description: 'A browser (Accept: text/html) is redirected to /login?verified=1.',
        querystring: ZTokenQuery,
        response: {
          200: ZMessageResponse,
          400: z.union([ZErrorBody, z.string().describe('An HTML page, for browsers')]),
        },
      },
    },
    async (request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      try {
        const result = await verifyEmail(deps, request.query.token);
        return wantsHtml ? reply.redirect(`${WEB_ROUTES.login}?verified=1`, 302) : result;
      } catch (error) {
        if (!wantsHtml || !(error instanceof AppError)) throw error;
        return reply.code(400).type('text/html; charset=utf-8').send(messagePage(error.message));
      }
    },
  );

  app.post(
    API.auth.login,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail (or username) and password',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse },
      },
    },
    async (request) => login(deps, request.body),
  );

  app.post(
    API.auth.resetPasswordRequest,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link; the answer is the same for every address',
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => requestPasswordReset(deps, request.body.email),
  );

  app.get(
    API.auth.resetPasswordConfirm,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The reset link: serves the web app, whose page posts the new password',
        querystring: z.object({ token: z.string().optional() }),
      },
    },
    async (_request, reply) => reply.sendWebApp(),
  );

  app.post(
    API.auth.resetPasswordConfirm,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of the reset link',
        querystring: ZTokenQuery,
        body: ZNewPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => confirmPasswordReset(deps, request.query.token, request.body.newPassword),
  );

  app.post(
    API.auth.logout,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends this access token on the server at once',
        description: 'The token stays refused until it would have expired, even if it was copied.',
        body: z.object({}).strict().nullish().describe('Nothing; an empty JSON object is accepted too'),
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      await logout(deps, requirePrincipal(request.principal));
      return reply.code(204).send(null);
    },
  );
};

function messagePage(message: string): string {
  const safe = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Link not valid</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}</style></head>
<body><h1>This link did not work</h1><p>${safe}</p><p><a href="/login">Go to sign in</a></p></body></html>`;
}
