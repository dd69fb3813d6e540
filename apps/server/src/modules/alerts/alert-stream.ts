import { ZAlertEvent, type TAlertEvent } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { NotificationListener } from '../../platform/db/notifications.js';

/**
 * The live alerts of this process's connected users (GET /api/alerts/stream). Every alert change
 * is announced by the database on `app_alerts` when its transaction commits (migration 0024);
 * each announcement goes to the connections of its business whose user is in the alert's
 * audience, by the rule of the inbox (alerts.repository.ts audienceOf): one of its roles (any when
 * none); a store's alert to the staff of the store's location; a location's system alert to the
 * staff of that location and of none. Expiry is left to the inbox the client reads again.
 */

export const ALERTS_CHANNEL = 'app_alerts';

const ZAnnouncement = z.object({
  businessId: z.uuid(),
  alertId: z.uuid(),
  action: ZAlertEvent.shape.action,
  severity: ZAlertEvent.shape.severity,
  title: z.string(),
  subjectType: ZAlertEvent.shape.subjectType,
  roles: z.array(z.string()).nullable(),
  storeScoped: z.boolean(),
  locationId: z.uuid().nullable(),
});
type Announcement = z.infer<typeof ZAnnouncement>;

export type StreamReader = { userId: string; roles: readonly string[]; locationId: string | null };

export type StreamConnection = StreamReader & {
  send: (event: TAlertEvent) => void;
  /** The catch-up after the database connection came back: the client reads its inbox again. */
  resync: () => void;
  /**
   * Ends the response; its close removes it. `REPLACED`: a newer stream of the same user took its
   * place (the client should wait until its tab is looked at before connecting again).
   */
  end: (reason?: 'REPLACED') => void;
};

export type AlertStreams = {
  /** Adds a connection; answers its removal. Refuses (false) past the limits. */
  add: (businessId: string, connection: StreamConnection) => (() => void) | false;
  /** How many connections this process holds (tests and limits). */
  size: () => number;
  /** Resolves when the database's announcements are being received (see NotificationListener). */
  whenListening: () => Promise<void>;
  close: () => void;
};

/** At most this many streams per user (tabs, devices): the oldest is dropped for a new one. */
export const STREAMS_PER_USER = 5;
/**
 * At most this many streams of one business per process, so that one business cannot take the
 * room of all the others; more answer 503 (the bell still refreshes its count on focus).
 */
export const STREAMS_PER_BUSINESS = 250;
/** At most this many streams per process; more answer 503. */
export const STREAMS_PER_PROCESS = 5_000;

export function isInAudience(
  announcement: Pick<Announcement, 'roles' | 'storeScoped' | 'locationId'>,
  reader: StreamReader,
): boolean {
  if (announcement.roles && !announcement.roles.some((role) => reader.roles.includes(role))) return false;
  if (announcement.storeScoped)
    return announcement.locationId !== null && announcement.locationId === reader.locationId;
  return (
    announcement.locationId === null ||
    reader.locationId === null ||
    announcement.locationId === reader.locationId
  );
}

export function createAlertStreams(listener: NotificationListener, log: FastifyBaseLogger): AlertStreams {
  const byBusiness = new Map<string, Set<StreamConnection>>();
  let count = 0;
  let unsubscribe: (() => void) | null = null;

  const deliver = (payload: string) => {
    let announcement: Announcement;
    try {
      announcement = ZAnnouncement.parse(JSON.parse(payload));
    } catch (error) {
      log.warn({ err: error }, 'an alert announcement could not be read');
      return;
    }
    const event: TAlertEvent = {
      alertId: announcement.alertId,
      action: announcement.action,
      severity: announcement.severity,
      title: announcement.title,
      subjectType: announcement.subjectType,
    };
    for (const connection of byBusiness.get(announcement.businessId) ?? []) {
      if (isInAudience(announcement, connection)) connection.send(event);
    }
  };
  const resyncAll = () => {
    for (const connections of byBusiness.values()) for (const connection of connections) connection.resync();
  };

  return {
    add: (businessId, connection) => {
      if (count >= STREAMS_PER_PROCESS) return false;
      unsubscribe ??= listener.subscribe(ALERTS_CHANNEL, deliver, resyncAll);
      const connections = byBusiness.get(businessId) ?? new Set<StreamConnection>();
      const own = [...connections].filter((other) => other.userId === connection.userId);
      // A user's new stream takes her oldest's place; a business past its share gets none.
      if (own.length < STREAMS_PER_USER && connections.size >= STREAMS_PER_BUSINESS) return false;
      byBusiness.set(businessId, connections);
      // Sets iterate in insertion order: the first is the oldest.
      if (own.length >= STREAMS_PER_USER) own[0]?.end('REPLACED');
      connections.add(connection);
      count += 1;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        count -= 1;
        connections.delete(connection);
        if (connections.size === 0) byBusiness.delete(businessId);
      };
    },
    size: () => count,
    whenListening: () => listener.whenListening(),
    close: () => {
      unsubscribe?.();
      unsubscribe = null;
      // Each response's close removes it from the map.
      for (const connections of byBusiness.values())
        for (const connection of [...connections]) connection.end();
    },
  };
}
