import type { OutgoingHttpHeaders } from 'node:http';
import { API, ZErrorBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AlertStreams } from './alert-stream.js';
import type { AlertsDeps } from './alerts.deps.js';
import { streamReader } from './alerts.service.js';

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** A timer longer than this overflows Node's 32-bit delay. */
const MAX_TIMER_MS = 2_147_483_647;
/**
 * What the server holds for a client that reads slower than its events come (or not at all):
 * past it the stream is dropped rather than kept in memory; the client reconnects and reads its
 * inbox, as after any gap. An event is a few hundred bytes: this is a thousand of them.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * The live stream of the signed-in user's alerts (server-sent events). The guard verified the
 * token; every heartbeat checks the session again, so a logout, a disabled account or a role
 * change ends the stream within one beat, and the token's expiry ends it at that instant: the
 * client reconnects with a fresh token.
 */
export const alertStreamRoutes: FastifyPluginAsyncZod<{
  deps: AlertsDeps;
  streams: AlertStreams;
  heartbeatMs: number;
}> = async (app, { deps, streams, heartbeatMs }) => {
  app.get(
    API.alerts.stream,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['alerts'],
        operationId: 'streamMyAlerts',
        summary: "The signed-in user's alerts, live (server-sent events)",
        description:
          '`event: ready` once connected (read the inbox), then `event: alert` with `{alertId, action, ' +
          'severity, title}` for each alert of her audience raised, changed, resolved or deleted, and a ' +
          '`: ping` comment every 25 s. Ends when the token expires or the session ends. At most five ' +
          'streams per user: a sixth ends the oldest, which is told `event: replaced` first.',
        response: {
          200: z.string().describe('text/event-stream'),
          401: ZErrorBody,
          403: ZErrorBody,
          503: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const { businessId, reader } = await streamReader(deps, principal);
      const raw = reply.raw;
      // The client left while the session and the reader were read: its 'close' has fired and will
      // not again, so a stream set up now would never be removed (security review). From here to
      // `raw.on('close')` below everything runs in this tick.
      if (raw.destroyed) {
        reply.hijack();
        return;
      }
      let ended = false;
      const write = (text: string) => {
        if (ended || raw.destroyed) return;
        if (raw.writableLength > MAX_BUFFERED_BYTES) {
          raw.destroy();
          return;
        }
        raw.write(text);
      };
      const end = (reason?: 'REPLACED') => {
        if (ended) return;
        if (reason === 'REPLACED') write('event: replaced\ndata: {}\n\n');
        ended = true;
        raw.end();
      };
      const remove = streams.add(businessId, {
        ...reader,
        send: (event) => write(`event: alert\ndata: ${JSON.stringify(event)}\n\n`),
        resync: () => write('event: ready\ndata: {}\n\n'),
        end,
      });
      if (!remove)
        throw new AppError('SERVICE_UNAVAILABLE', 'Too many live connections. Please try again later.');

      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        'x-content-type-options': 'nosniff',
        // nginx and similar proxies would hold the events in their buffer.
        'x-accel-buffering': 'no',
      });
      // `ready` tells the client to read its inbox: only once the process receives the database's
      // announcements, so that an alert committed in between is either in that read or announced.
      void streams.whenListening().then(() => write('retry: 3000\nevent: ready\ndata: {}\n\n'));

      const heartbeat = setInterval(() => {
        deps.verifySession(principal).then(
          () => write(': ping\n\n'),
          () => end(),
        );
      }, heartbeatMs);
      const expiry = setTimeout(
        end,
        Math.min(MAX_TIMER_MS, Math.max(0, principal.expiresAt.getTime() - Date.now())),
      );
      raw.on('close', () => {
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        remove();
      });
    },
  );
};
