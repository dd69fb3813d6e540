import { AUDIT_EVENT_TYPES, type AuditEventType } from '@app/contracts';

/** "USER_CREATION" -> "USER CREATION": the event types as 000 section 2 shows them. */
export function eventTypeLabel(eventType: string): string {
  return eventType.replace(/_/g, ' ');
}

/** The dropdown's "All": no event type in the call. */
export const ALL_EVENTS = 'ALL';
export type EventFilter = typeof ALL_EVENTS | AuditEventType;

export const EVENT_FILTERS: readonly EventFilter[] = [ALL_EVENTS, ...AUDIT_EVENT_TYPES];

export function toEventType(filter: EventFilter): AuditEventType | undefined {
  return filter === ALL_EVENTS ? undefined : filter;
}
