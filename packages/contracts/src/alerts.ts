import { z } from 'zod';
import { SINGLE_LINE_MESSAGE, SINGLE_LINE_TEXT, ZUuid } from './common.js';
import { ZPage, ZPageQuery } from './paging.js';
import { ROLES } from './roles.js';

/**
 * Alerts (001 sections 3, 4, 7; issue 13): broadcasts written by staff, and alerts the product
 * raises itself (kind SYSTEM: stock under its reorder point, a movement waiting over 48 hours, a
 * locked movement, a failed renewal). An alert reaches the roles it names (all roles when none) of
 * the whole business, or of one store's location.
 */

export const ALERT_SEVERITIES = ['INFO', 'WARNING', 'CRITICAL'] as const;
export const ALERT_SCOPES = ['BUSINESS', 'STORE'] as const;
export const ALERT_KINDS = ['BROADCAST', 'SYSTEM'] as const;

/**
 * What a system alert is about, so that the inbox can link to it: an inventory item under its
 * reorder point (`id` the inventory item, `locationId` where), a stock movement waiting too long or
 * locked (`id` the movement), the business's subscription whose renewal failed.
 */
export const ALERT_SUBJECT_TYPES = ['INVENTORY_ITEM', 'MOVEMENT', 'SUBSCRIPTION'] as const;
export const ZAlertSubject = z.object({
  type: z.enum(ALERT_SUBJECT_TYPES),
  id: ZUuid,
  /** The location the subject belongs to (the item's, the movement's source); null: none. */
  locationId: ZUuid.nullable(),
});
export type TAlertSubject = z.infer<typeof ZAlertSubject>;

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
  /** What a system alert is about; null for broadcasts. */
  subject: ZAlertSubject.nullable(),
  /** The name of the subject's location (a store's or a warehouse's), for the inbox's rows. */
  locationName: z.string().nullable(),
  /** When the condition of a system alert ended (stock back over its reorder point, ...); null: open. */
  resolvedAt: z.string().nullable(),
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
  unread: z.number().int().describe("The user's unread open alerts in all (the bell's count)"),
});
export type TInboxPage = z.infer<typeof ZInboxPage>;

/** What `POST /api/alerts/read-all` answers: how many alerts it marked read. */
export const ZReadAllResult = z.object({ marked: z.number().int() });
export type TReadAllResult = z.infer<typeof ZReadAllResult>;

/**
 * The live stream `GET /api/alerts/stream` (text/event-stream, bearer token as every call):
 * - `event: ready`, data `{}` once connected, and again when the server's own feed reconnected
 *   (events may have been missed: read the inbox again);
 * - `event: alert`, data `TAlertEvent`: an alert addressed to this user was raised, changed or
 *   resolved (refetch the inbox; a new one may be shown as a notification);
 * - `event: replaced` just before the server ends this stream because the same user opened a
 *   sixth (tabs, devices): connect again only when this tab is looked at, or the tabs take turns;
 * - comment lines (`: ping`) every 25 s keep proxies from closing it.
 * The server ends the stream when the access token expires; the client reconnects with a fresh one.
 */
export const ALERT_EVENT_ACTIONS = ['RAISED', 'CHANGED', 'RESOLVED', 'DELETED'] as const;
export const ZAlertEvent = z.object({
  alertId: ZUuid,
  action: z.enum(ALERT_EVENT_ACTIONS),
  severity: ZAlertSeverity,
  title: z.string(),
  /** What a system alert is about (the client refreshes what shows it: stock, movements); null: a broadcast. */
  subjectType: z.enum(ALERT_SUBJECT_TYPES).nullable(),
});
export type TAlertEvent = z.infer<typeof ZAlertEvent>;
