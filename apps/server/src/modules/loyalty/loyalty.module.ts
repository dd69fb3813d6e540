import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../../platform/http/multipart-form.js';
import { queueEvery } from '../../platform/jobs/periodic.js';
import type { LoyaltyDeps } from './loyalty.deps.js';
import { POINTS_EXPIRY_QUEUE, POINTS_EXPIRY_SWEEP_QUEUE } from './loyalty.queues.js';
import { loyaltyMembersRoutes } from './members/members.routes.js';
import { expireBusinessPoints, queuePointsExpiries } from './points/points-expiry.service.js';
import { loyaltyProgramRoutes } from './programs/loyalty-program.routes.js';
import { loyaltyTemplatesRoutes } from './templates/loyalty-templates.routes.js';

export type { LoyaltyDeps } from './loyalty.deps.js';

/** How often a running server queues the points expiry sweep. */
export const POINTS_EXPIRY_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Loyalty (001 sections 3, 4, 7): templates, the business's programme, members and points. With
 * `sweepEveryMs`, the points expiry sweep is queued at that interval; tests queue it themselves.
 */
export async function registerLoyaltyModule(
  app: FastifyInstance,
  deps: LoyaltyDeps,
  options: { sweepEveryMs?: number } = {},
): Promise<void> {
  deps.jobs.register(POINTS_EXPIRY_SWEEP_QUEUE, async () => {
    await queuePointsExpiries(deps);
  });
  deps.jobs.register(POINTS_EXPIRY_QUEUE, async (job) => {
    await expireBusinessPoints(deps, job);
  });
  queueEvery(app, {
    jobs: deps.jobs,
    queue: POINTS_EXPIRY_SWEEP_QUEUE,
    everyMs: options.sweepEveryMs,
    log: deps.log,
  });
  await app.register(async (loyalty) => {
    loyalty.addHook('preValidation', refuseNulCharacters);
    await loyalty.register(loyaltyTemplatesRoutes, { deps });
    await loyalty.register(loyaltyProgramRoutes, { deps });
    await loyalty.register(loyaltyMembersRoutes, { deps });
  });
}
