import type { FastifyInstance } from 'fastify';
import type { AuditDeps } from './audit.deps.js';
import { auditRoutes } from './audit.routes.js';

export type { AuditDeps } from './audit.deps.js';

/** The audit log's API (read-only); the writer, recordAuditEvent, is audit.service.ts. */
export async function registerAuditModule(app: FastifyInstance, deps: AuditDeps): Promise<void> {
  await app.register(auditRoutes, { deps });
}
