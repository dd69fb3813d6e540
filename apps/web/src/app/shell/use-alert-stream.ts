import type { TAlertEvent } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { ALERT_TAG, alertsApi } from '../../api/alerts.api';
import { readAlertStream } from '../../lib/alert-stream';
import { isSessionExpired } from '../../session/session.slice';
import type { AppStore } from '../store';

/** The lists a system alert's subject shows in, refreshed when the alert changes. */
const SUBJECT_TAGS: Partial<
  Record<NonNullable<TAlertEvent['subjectType']>, Array<'Inventory' | 'StockMovement'>>
> = {
  INVENTORY_ITEM: ['Inventory'],
  MOVEMENT: ['StockMovement', 'Inventory'],
};

/** Reconnection delays: 1 s, 2 s, 4 s ... at most 30 s, back to 1 s after a connect that worked. */
export const STREAM_RETRY = { firstMs: 1_000, maxMs: 30_000 } as const;
export type StreamRetry = { firstMs: number; maxMs: number };

/**
 * Refusals that another try would only repeat (no such route, not allowed): the stream stops until
 * the shell mounts again. 401 waits for a new token instead; anything else is tried again.
 */
const PERMANENT_REFUSALS = new Set([400, 403, 404, 405, 410, 501]);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      window.clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Waits until this tab is looked at (visible and focused). The server ended its stream for a newer
 * one of the same user: tabs in the background wait here instead of taking turns every second.
 */
function untilLookedAt(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!signal.aborted && !(document.visibilityState === 'visible' && document.hasFocus())) return;
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
      signal.removeEventListener('abort', check);
      resolve();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    signal.addEventListener('abort', check, { once: true });
    check();
  });
}

/** Waits until the session holds another token than this one (renewed, or signed out). */
function untilTokenChanges(store: AppStore, token: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const unsubscribe = store.subscribe(() => {
      if (store.getState().session.token !== token) done();
    });
    signal.addEventListener('abort', done, { once: true });
  });
}

type RunOptions = {
  onRaised: (event: TAlertEvent) => void;
  retry?: StreamRetry;
};

/**
 * Keeps the live alerts open while `signal` is not aborted and someone is signed in: every event
 * refreshes the alert lists (the bell's count among them), a raised alert is also announced, and
 * each `ready` (every connect and reconnect) refreshes them too, so an event missed while away is
 * made good.
 *
 * A token the session holds as expired is not sent: the stream waits for the renewal (the guard
 * renews at the next sign of life), so an idle tab does not keep its session alive through it.
 */
export async function runAlertStream(store: AppStore, signal: AbortSignal, options: RunOptions) {
  const retry = options.retry ?? STREAM_RETRY;
  let delay = retry.firstMs;
  const refresh = () => store.dispatch(alertsApi.util.invalidateTags([ALERT_TAG]));

  while (!signal.aborted) {
    const session = store.getState().session;
    const token = session.token;
    if (!token) return;
    if (isSessionExpired(session)) {
      await untilTokenChanges(store, token, signal);
      continue;
    }
    const outcome = await readAlertStream(token, signal, {
      onOpen: () => {
        delay = retry.firstMs;
      },
      // `ready` comes once the server hears every new alert (and again after its own feed
      // reconnected): a read now misses none that came before, the first connect included.
      onReady: refresh,
      onAlert: (event) => {
        refresh();
        // What the alert is about changed too: the lists that show it read again (the home's
        // low-stock card, the stock table, the movements).
        const about = event.subjectType ? SUBJECT_TAGS[event.subjectType] : undefined;
        if (about) store.dispatch(alertsApi.util.invalidateTags(about));
        if (event.action === 'RAISED') options.onRaised(event);
      },
    });
    if (outcome.kind === 'aborted' || signal.aborted) return;
    if (outcome.kind === 'replaced') {
      await untilLookedAt(signal);
      continue;
    }
    if (outcome.kind === 'refused') {
      if (outcome.status === 401) {
        await untilTokenChanges(store, token, signal);
        continue;
      }
      if (PERMANENT_REFUSALS.has(outcome.status)) return;
    }
    await sleep(delay, signal);
    delay = Math.min(delay * 2, retry.maxMs);
  }
}

/** The live alerts of the signed-in user while the calling component is mounted and `isEnabled`. */
export function useAlertStream(
  isEnabled: boolean,
  onRaised: (event: TAlertEvent) => void,
  retry?: StreamRetry,
) {
  const store = useStore() as AppStore;
  const onRaisedRef = useRef(onRaised);
  useEffect(() => {
    onRaisedRef.current = onRaised;
  });
  const firstMs = retry?.firstMs ?? STREAM_RETRY.firstMs;
  const maxMs = retry?.maxMs ?? STREAM_RETRY.maxMs;

  useEffect(() => {
    if (!isEnabled) return undefined;
    const controller = new AbortController();
    void runAlertStream(store, controller.signal, {
      onRaised: (event) => onRaisedRef.current(event),
      retry: { firstMs, maxMs },
    });
    return () => controller.abort();
  }, [store, isEnabled, firstMs, maxMs]);
}
