import type { AuditEventType } from '@app/contracts';
import { useState } from 'react';
import { ALL_EVENTS, toEventType, type EventFilter } from './event-types';

/** A `datetime-local` value (the reader's local time) as an instant with offset, or undefined. */
export function toInstant(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export type AllLogsFilters = { eventType?: AuditEventType; from?: string; to?: string };

/**
 * The filters of the all-users view, shared by its list and the export: an event type and a time
 * range typed in local time (`from` inclusive, `to` exclusive, as the server reads them).
 */
export function useAllLogsFilters() {
  const [eventFilter, setEventFilter] = useState<EventFilter>(ALL_EVENTS);
  const [fromInput, setFromInput] = useState('');
  const [toInput, setToInput] = useState('');

  const from = toInstant(fromInput);
  const to = toInstant(toInput);
  const eventType = toEventType(eventFilter);
  const filters: AllLogsFilters = {
    ...(eventType ? { eventType } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  return {
    eventFilter,
    setEventFilter,
    fromInput,
    setFromInput,
    toInput,
    setToInput,
    filters,
    hasRangeError: from !== undefined && to !== undefined && from >= to,
  };
}

export type AllLogsFilterState = ReturnType<typeof useAllLogsFilters>;
