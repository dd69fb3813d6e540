import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import type { LoyaltyDeps } from './loyalty.deps.js';
import { loyaltyMembersRoutes } from './members/members.routes.js';
import { loyaltyProgramRoutes } from './programs/loyalty-program.routes.js';
import { loyaltyTemplatesRoutes } from './templates/loyalty-templates.routes.js';

export type { LoyaltyDeps } from './loyalty.deps.js';

/** Loyalty (001 sections 3, 4, 7): templates, the business's programme, members and points. */
export async function registerLoyaltyModule(app: FastifyInstance, deps: LoyaltyDeps): Promise<void> {
  await app.register(async (loyalty) => {
    loyalty.addHook('preValidation', refuseNulCharacters);
    await loyalty.register(loyaltyTemplatesRoutes, { deps });
    await loyalty.register(loyaltyProgramRoutes, { deps });
    await loyalty.register(loyaltyMembersRoutes, { deps });
  });
}
