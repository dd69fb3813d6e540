import { ALERT_SUBJECT_TYPES, API, type AlertSeverity, type TAlertEvent } from '@app/contracts';
import { resolveServiceUrl } from '../api/service-urls';
import { createSseParser } from './sse-parser';

/**
 * One connection to the live alerts of the signed-in user (`GET /api/alerts/stream`,
 * text/event-stream). It is read with `fetch` rather than EventSource, which cannot send the
 * bearer token. The server says `ready` once connected, `alert` for each alert raised, changed,
 * resolved or deleted for her, and `: ping` now and then; it ends the stream when the token
 * expires, and the caller connects again with the current one.
 */

export type AlertStreamHandlers = {
  /** The server answered 200: the stream is open. */
  onOpen?: () => void;
  onReady?: () => void;
  onAlert: (event: TAlertEvent) => void;
};

export type AlertStreamOutcome =
  /** The server ended the stream (token expired, restart): connect again. */
  | { kind: 'ended' }
  /** The same user opened too many streams and this, the oldest, was ended: wait to be looked at. */
  | { kind: 'replaced' }
  /** The server refused to open it. */
  | { kind: 'refused'; status: number }
  /** No answer, or the connection broke. */
  | { kind: 'failed' }
  /** The caller stopped it (signed out, unmounted). */
  | { kind: 'aborted' };

const ACTIONS: readonly string[] = ['RAISED', 'CHANGED', 'RESOLVED', 'DELETED'];
const SEVERITIES: readonly string[] = ['INFO', 'WARNING', 'CRITICAL'] satisfies AlertSeverity[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An `alert` event's data as ZAlertEvent describes it, checked by hand: the shell loads this
 * module, and the schema would bring zod into its chunk. Anything else is ignored.
 */
export function readAlertEvent(data: string): TAlertEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { alertId, action, severity, title, subjectType } = value;
  if (typeof alertId !== 'string' || typeof title !== 'string') return null;
  if (typeof action !== 'string' || !ACTIONS.includes(action)) return null;
  if (typeof severity !== 'string' || !SEVERITIES.includes(severity)) return null;
  const subject =
    typeof subjectType === 'string' && (ALERT_SUBJECT_TYPES as readonly string[]).includes(subjectType)
      ? subjectType
      : null;
  return { alertId, action, severity, title, subjectType: subject } as TAlertEvent;
}

/** Opens the stream with this token and reads it until it ends, fails or is aborted. */
export async function readAlertStream(
  token: string,
  signal: AbortSignal,
  handlers: AlertStreamHandlers,
): Promise<AlertStreamOutcome> {
  let response: Response;
  try {
    response = await fetch(resolveServiceUrl(API.alerts.stream, 'analytics'), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      cache: 'no-store',
      signal,
    });
  } catch {
    return { kind: signal.aborted ? 'aborted' : 'failed' };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'refused', status: response.status };
  }
  handlers.onOpen?.();

  let isReplaced = false;
  const parser = createSseParser({
    onMessage: (message) => {
      if (message.event === 'replaced') isReplaced = true;
      if (message.event === 'ready') handlers.onReady?.();
      if (message.event !== 'alert') return;
      const event = readAlertEvent(message.data);
      if (event) handlers.onAlert(event);
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
    if (signal.aborted) return { kind: 'aborted' };
    return { kind: isReplaced ? 'replaced' : 'ended' };
  } catch {
    return { kind: signal.aborted ? 'aborted' : 'failed' };
  } finally {
    reader.releaseLock();
  }
}
