import { z } from 'zod';
import { AUDIT_EVENT_TYPES } from './audit-events.js';
import { ZPage, ZPageQuery } from './paging.js';

/** One entry of the audit log (000 section 3), newest first in every list. */
export const ZAuditEntry = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable().describe('Who did it; null for the system'),
  userEmail: z.string().nullable().describe("The user's e-mail address, for the all-users view"),
  eventType: z.enum(AUDIT_EVENT_TYPES),
  description: z.string(),
  timestamp: z.string().describe('ISO-8601 time of the action'),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = ZPage(ZAuditEntry);

const ZInstant = (what: string) =>
  z.iso
    .datetime({
      offset: true,
      message: `${what} is an ISO-8601 date-time with offset, such as 2026-11-26T09:00:00Z.`,
    })
    .optional();

/** Paging and an optional time range (`from` inclusive, `to` exclusive). */
export const ZAuditQuery = ZPageQuery.extend({
  from: ZInstant('from').describe('Entries at or after this instant'),
  to: ZInstant('to').describe('Entries before this instant'),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditEventType = z.enum(AUDIT_EVENT_TYPES, { message: 'This event type does not exist.' });

export const ZAuditUserParams = z.object({ userId: z.uuid({ message: 'Must be a valid id.' }) });
export const ZAuditEventParams = z.object({ eventType: ZAuditEventType });
export const ZAuditUserEventParams = ZAuditUserParams.extend({ eventType: ZAuditEventType });

/** `GET /api/audit`: every user's entries, optionally of one user and one event type. */
export const ZAuditListQuery = ZAuditQuery.extend({
  userId: z.uuid({ message: 'Must be a valid id.' }).optional(),
  eventType: ZAuditEventType.optional(),
});
export type TAuditListQuery = z.input<typeof ZAuditListQuery>;

/** Most entries one export writes; a larger range is refused with a 400 asking for a shorter one. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

export const ZAuditExportQuery = ZAuditListQuery.omit({ page: true, size: true }).extend({
  format: z.enum(['csv', 'xlsx'], { message: 'format is csv or xlsx.' }).default('csv'),
});
export type TAuditExportQuery = z.input<typeof ZAuditExportQuery>;
