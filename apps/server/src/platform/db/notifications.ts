import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * PostgreSQL LISTEN/NOTIFY for the whole process: one dedicated connection, opened when the first
 * handler subscribes and closed with the app. A NOTIFY written in a transaction reaches every
 * server process listening on the same database when (and only if) it commits, so a live update
 * raised by one process reaches users connected to another.
 *
 * When the connection drops it is opened again (1 s, doubling to 30 s) and every channel is
 * listened to again; notifications sent meanwhile are lost, so subscribers treat a notification as
 * a hint to read again, never as the data itself (`onReconnect` tells them to catch up).
 */
export type NotificationListener = {
  /** Calls `handler` with each payload on `channel`; answers the unsubscribe. */
  subscribe: (channel: string, handler: (payload: string) => void, onReconnect?: () => void) => () => void;
  /** Whether the connection is up (tests wait for it). */
  isListening: () => boolean;
  /**
   * Resolves once the connection listens (at once when it does), or after `timeoutMs` when it
   * cannot: a subscriber then announces itself anyway and relies on the catch-up after reconnect.
   */
  whenListening: (timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

const MAX_RETRY_MS = 30_000;

export function createNotificationListener(
  connectionString: string,
  log: FastifyBaseLogger,
): NotificationListener {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let listening = false;
  let closed = false;
  let retryMs = 1_000;
  let retryTimer: NodeJS.Timeout | undefined;
  let hadConnection = false;
  const waiters = new Set<() => void>();

  const listenTo = (target: pg.Client, channel: string) =>
    target.query(`LISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`);

  const connect = (): Promise<void> => {
    if (closed || client || connecting) return connecting ?? Promise.resolve();
    const next = new pg.Client({ connectionString, application_name: 'retail-backoffice-listen' });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) {
        try {
          handler(message.payload ?? '');
        } catch (error) {
          log.warn({ err: error, channel: message.channel }, 'a notification handler failed');
        }
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'the notification connection failed; reconnecting');
      drop(next);
    });
    next.on('end', () => drop(next));
    connecting = (async () => {
      try {
        await next.connect();
        for (const channel of handlers.keys()) await listenTo(next, channel);
        if (closed) {
          await next.end();
          return;
        }
        client = next;
        listening = true;
        retryMs = 1_000;
        for (const wake of [...waiters]) wake();
        if (hadConnection) for (const handler of reconnectHandlers) handler();
        hadConnection = true;
      } catch (error) {
        log.warn({ err: error }, 'could not listen for notifications; retrying');
        next.end().catch(() => undefined);
        scheduleRetry();
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };

  const drop = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    listening = false;
    which.end().catch(() => undefined);
    scheduleRetry();
  };

  const scheduleRetry = () => {
    if (closed || handlers.size === 0 || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  return {
    subscribe: (channel, handler, onReconnect) => {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const current = client;
        if (current)
          listenTo(current, channel).catch((error: unknown) => {
            log.warn({ err: error, channel }, 'could not listen on a channel; reconnecting');
            drop(current);
          });
      }
      set.add(handler);
      if (onReconnect) reconnectHandlers.add(onReconnect);
      void connect();
      return () => {
        set.delete(handler);
        if (onReconnect) reconnectHandlers.delete(onReconnect);
      };
    },
    isListening: () => listening,
    whenListening: (timeoutMs = 5_000) =>
      listening
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const wake = () => {
              clearTimeout(timer);
              waiters.delete(wake);
              resolve();
            };
            const timer = setTimeout(wake, timeoutMs);
            timer.unref();
            waiters.add(wake);
          }),
    close: async () => {
      closed = true;
      for (const wake of [...waiters]) wake();
      clearTimeout(retryTimer);
      await connecting?.catch(() => undefined);
      const current = client;
      client = null;
      listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}
