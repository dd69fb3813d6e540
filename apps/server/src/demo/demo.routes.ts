import { API, ZDemoSignIn, ZErrorBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../platform/db/database.js';
import { AppError } from '../platform/http/app-error.js';
import { DEMO_BUSINESS_NAME, DEMO_OWNER } from './demo-account.js';
import { demoOwnerExists } from './demo-reads.repository.js';

/**
 * Registered only with DEMO=1 (app.ts): the login page asks for the demo's sign-in here. Answers
 * 404 until the demo exists (a seed that failed, or a database that had accounts already).
 * Rate-limited per address as the other public sign-in calls.
 */
export const demoRoutes: FastifyPluginAsyncZod<{ db: Db; authRateLimit: number }> = async (
  app,
  { db, authRateLimit },
) => {
  app.get(
    API.auth.demo,
    {
      config: { access: 'public', rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        operationId: 'getDemoSignIn',
        summary: 'The demo business owner’s e-mail and password (servers started with DEMO=1)',
        response: { 200: ZDemoSignIn, 404: ZErrorBody, 429: ZErrorBody },
      },
    },
    async () => {
      if (!(await demoOwnerExists(db, DEMO_OWNER.email))) {
        throw new AppError('NOT_FOUND', 'There is no demo business on this server.');
      }
      return { email: DEMO_OWNER.email, password: DEMO_OWNER.password, businessName: DEMO_BUSINESS_NAME };
    },
  );
};
