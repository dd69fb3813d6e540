import { z } from 'zod';
import { SINGLE_LINE_MESSAGE, SINGLE_LINE_TEXT, ZUuid } from './common.js';
import { ZPage, ZPageQuery } from './paging.js';
import { ROLES } from './roles.js';

/**
 * Alerts (001 sections 3, 4, 7; issue 13): broadcasts written by staff, and (later) alerts the
 * product raises itself. An alert reaches the roles it names (all roles when none) of the whole
 * business, or of one store's location.
 */

export const ALERT_SEVERITIES = ['INFO', 'WARNING', 'CRITICAL'] as const;
export const ALERT_SCOPES = ['BUSINESS', 'STORE'] as const;
export const ALERT_KINDS = ['BROADCAST', 'SYSTEM'] as const;

export const ZAlertSeverity = z.enum(ALERT_SEVERITIES, {
  message: 'The severity is INFO, WARNING or CRITICAL.',
});
export type AlertSeverity = z.infer<typeof ZAlertSeverity>;

export const ZAlertRequest = z
  .object({
    title: z
      .string({ message: 'Give the alert a title.' })
      .trim()
      .min(1, 'Give the alert a title.')
      .max(120, 'A title has at most 120 characters.')
      .regex(SINGLE_LINE_TEXT, SINGLE_LINE_MESSAGE),
    message: z
      .string({ message: 'Write the message.' })
      .trim()
      .min(1, 'Write the message.')
      .max(2000, 'A message has at most 2000 characters.'),
    severity: ZAlertSeverity,
    scope: z.enum(ALERT_SCOPES, { message: 'The scope is BUSINESS or STORE.' }),
    storeId: ZUuid.nullish().transform((value) => value ?? null),
    roles: z
      .array(z.enum(ROLES, { message: 'Name roles of the product.' }), { message: 'The roles are a list.' })
      .max(ROLES.length, 'Each role once.')
      .nullish()
      .transform((value) => (value && value.length > 0 ? [...new Set(value)] : null))
      .describe('Who it reaches; none: every role'),
    expiresAt: z.iso
      .datetime({ offset: true, message: 'expiresAt is an ISO-8601 instant with its offset.' })
      .nullish()
      .transform((value) => value ?? null)
      .describe('When it stops showing; none: it stays'),
  })
  .superRefine((alert, context) => {
    if (alert.scope === 'STORE' && alert.storeId === null)
      context.addIssue({ code: 'custom', path: ['storeId'], message: 'Choose the store the alert is for.' });
    if (alert.scope === 'BUSINESS' && alert.storeId !== null)
      context.addIssue({
        code: 'custom',
        path: ['storeId'],
        message: 'An alert for the whole business names no store.',
      });
  });
export type TAlertRequest = z.input<typeof ZAlertRequest>;

export const ZAlert = z.object({
  id: ZUuid,
  alertId: ZUuid.describe('Same as id'),
  kind: z.enum(ALERT_KINDS),
  title: z.string(),
  message: z.string(),
  severity: ZAlertSeverity,
  scope: z.enum(ALERT_SCOPES),
  storeId: ZUuid.nullable(),
  storeName: z.string().nullable(),
  roles: z.array(z.enum(ROLES)).nullable(),
  expiresAt: z.string().nullable(),
  createdBy: ZUuid.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Members of the audience who marked it read (the sent list's count). */
  readCount: z.number().int(),
});
export type TAlert = z.infer<typeof ZAlert>;

/** An alert in a user's inbox: with whether this user read it. */
export const ZInboxAlert = ZAlert.omit({ readCount: true }).extend({ read: z.boolean() });
export type TInboxAlert = z.infer<typeof ZInboxAlert>;

export const ZInboxQuery = ZPageQuery.extend({
  severity: ZAlertSeverity.optional(),
  storeId: ZUuid.optional(),
  unread: z
    .enum(['true', 'false'], { message: 'unread is true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});
export type TInboxQuery = z.input<typeof ZInboxQuery>;

export const ZInboxPage = ZPage(ZInboxAlert).extend({
  unread: z.number().int().describe("The user's unread alerts in all (the bell's count)"),
});
export type TInboxPage = z.infer<typeof ZInboxPage>;
