import {
  API,
  ZLinkStatusRequest,
  ZLinkStatusResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZNewPasswordRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResendVerificationRequest,
  ZResetPasswordRequest,
  ZTokenQuery,
  WEB_ROUTES,
  ZErrorBody,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import { readCookie, serializeCookie } from '../../platform/http/cookies.js';
import type { AccessDeps } from './access.deps.js';
import {
  confirmPasswordReset,
  login,
  logout,
  register,
  requestPasswordReset,
  verifyEmail,
} from './auth.service.js';
import { renewSession, type SessionGrant } from './sessions.service.js';
import { checkLinkStatus, isLinkOfVerifiedAccount, requestVerificationLink } from './verification.service.js';

/** The refresh token's cookie: httpOnly, SameSite=Strict, sent only to /api/auth. */
export const REFRESH_COOKIE = 'rb_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';

export type AuthRoutesOptions = { deps: AccessDeps; authRateLimit: number };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { deps, authRateLimit }) => {
  // Per client address, per route: slows down password guessing and sign-up and mail floods.
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };
  // Sign-in says what to do next: the person may not know the limit is per network.
  const loginRateLimit = {
    ...rateLimit,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      new AppError(
        'RATE_LIMITED',
        `Too many sign-in attempts from this network. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again, or reset your password.`,
      ),
  };
  const isSecure = deps.appUrl.startsWith('https://');
  const setRefreshCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.header(
      'set-cookie',
      serializeCookie(REFRESH_COOKIE, value, { path: REFRESH_COOKIE_PATH, maxAge, isSecure }),
    );
  /** The answer of a sign-in or a renewal: the access token in the body, the refresh token in the cookie. */
  const sendSession = (reply: FastifyReply, grant: SessionGrant) => {
    if (grant.refreshToken) setRefreshCookie(reply, grant.refreshToken, grant.refreshMaxAge);
    return reply.send(grant.body);
  };

  app.post(
    API.auth.register,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'registerOwner',
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
        operationId: 'verifyEmail',
        summary: 'Verify an e-mail address (the link in the e-mail)',
        description:
          'A browser (Accept: text/html) is redirected to /login?verified=1; for a link that is used or ' +
          'expired, to /login?verified=1 when its account is verified already (a mail scanner opened it ' +
          'first), else to /login?verification=expired, which offers a new link.',
        querystring: ZTokenQuery,
        response: { 200: ZMessageResponse, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      const verified = `${WEB_ROUTES.login}?verified=1`;
      try {
        const result = await verifyEmail(deps, request.query.token);
        return wantsHtml ? reply.redirect(verified, 302) : result;
      } catch (error) {
        if (!wantsHtml || !(error instanceof AppError) || error.code !== 'INVALID_TOKEN') throw error;
        const isVerified = await isLinkOfVerifiedAccount(deps, request.query.token);
        return reply.redirect(isVerified ? verified : WEB_ROUTES.verificationExpired, 302);
      }
    },
  );

  app.post(
    API.auth.verifyEmailResend,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'resendVerificationLink',
        summary: 'Ask for a new verification link; the answer is the same for every address',
        description:
          'An account that signed up and is not verified yet is mailed a new link (older ones stop ' +
          'working), at most one a minute and five an hour. Unknown and verified addresses get the ' +
          'same answer and no mail.',
        body: ZResendVerificationRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => requestVerificationLink(deps, request.body.email),
  );

  app.post(
    API.auth.linkStatus,
    {
      // Per client address, as the confirmations: a token cannot be guessed at request speed.
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'getLinkStatus',
        summary: 'Whether a reset or invitation link can still be used (read-only)',
        description:
          'The page of an e-mailed link asks this when it loads, so that a used or expired link is ' +
          'reported before anyone types a new password. The token travels in the body, not the URL.',
        body: ZLinkStatusRequest,
        response: { 200: ZLinkStatusResponse },
      },
    },
    async (request) => checkLinkStatus(deps, request.body),
  );

  app.post(
    API.auth.login,
    {
      config: { access: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Sign in with e-mail (or username) and password',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse },
      },
    },
    async (request, reply) => sendSession(reply, await login(deps, request.body)),
  );

  app.post(
    API.auth.refresh,
    {
      // Per client address: a refresh token cannot be guessed at request speed either.
      config: { access: 'public', rateLimit: { max: authRateLimit * 6, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        operationId: 'refreshSession',
        summary: 'Renew the access token with the refresh cookie (rotates it)',
        description:
          'The httpOnly cookie set at sign-in is exchanged for a new access token and a new cookie. ' +
          'A session ends after 8 hours without a renewal, 7 days after its sign-in, at logout, and when ' +
          'the password is reset, the user disabled or their roles changed: then 401 and the cookie is cleared.',
        body: z.object({}).strict().nullish().describe('Nothing; an empty JSON object is accepted too'),
        response: { 200: ZLoginResponse },
      },
    },
    async (request, reply) => {
      const refreshToken = readCookie(request.headers.cookie, REFRESH_COOKIE);
      try {
        if (!refreshToken) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
        return sendSession(reply, await renewSession(deps, refreshToken));
      } catch (error) {
        setRefreshCookie(reply, '', 0);
        throw error;
      }
    },
  );

  app.post(
    API.auth.resetPasswordRequest,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
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
        operationId: 'openPasswordResetPage',
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
        operationId: 'confirmPasswordReset',
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
      // Public: an expired access token must not keep the refresh cookie alive. What the call
      // carries (the bearer token, the cookie) is ended; it answers the same either way.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Sign out: ends this access token and the session of the refresh cookie at once',
        description:
          'The access token stays refused until it would have expired, even if it was copied; the refresh ' +
          'cookie is cleared and its session ends in every tab.',
        body: z.object({}).strict().nullish().describe('Nothing; an empty JSON object is accepted too'),
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      await logout(deps, { bearer, refreshToken: readCookie(request.headers.cookie, REFRESH_COOKIE) });
      setRefreshCookie(reply, '', 0);
      return reply.code(204).send(null);
    },
  );
};
