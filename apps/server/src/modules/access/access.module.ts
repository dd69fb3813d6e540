import type { FastifyInstance } from 'fastify';
import type { AccessDeps } from './access.deps.js';
import { authRoutes } from './auth.routes.js';
import { PASSWORD_RESET_QUEUE, sendResetLink } from './auth.service.js';
import { businessesRoutes } from './businesses.routes.js';
import { userAdminRoutes } from './user-admin.routes.js';
import { userListsRoutes } from './user-lists.routes.js';
import { usersRoutes } from './users.routes.js';
import { VERIFICATION_RESEND_QUEUE, sendVerificationLink } from './verification.service.js';

/** The access service of the specification: auth, users, businesses (payments come later). */
export async function registerAccessModule(
  app: FastifyInstance,
  deps: AccessDeps,
  options: { authRateLimit: number },
): Promise<void> {
  deps.jobs.register(PASSWORD_RESET_QUEUE, (request) => sendResetLink(deps, request));
  deps.jobs.register(VERIFICATION_RESEND_QUEUE, (request) => sendVerificationLink(deps, request));
  await app.register(authRoutes, { deps, authRateLimit: options.authRateLimit });
  await app.register(usersRoutes, { deps, authRateLimit: options.authRateLimit });
  await app.register(userAdminRoutes, { deps });
  await app.register(userListsRoutes, { deps });
  await app.register(businessesRoutes, { deps });
}
