import fastifyCompress from '@fastify/compress';
import { API } from '@app/contracts';
import type { FastifyInstance } from 'fastify';

/** Below this an answer fits in one TCP packet anyway; compressing it costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** application/json and the +json types (problem+json, ...); never text/event-stream. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Compresses JSON answers of the API over COMPRESSION_THRESHOLD_BYTES (br, else gzip).
 *
 * Routes outside /api (the web app's files, sent precompressed from the build; the mailbox) and
 * the docs UI get no compression hooks at all, so nothing is compressed twice and those routes
 * pay nothing. Request bodies are not decompressed: no client of this API sends them compressed,
 * and a compressed body would only be a way around the body limit's intent.
 *
 * Must be registered before the routes: the plugin attaches its hooks as each route is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook (hooks run in the order they were added).
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith(API.docs);
    if (!isApi) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // The plugin falls back to mime-db's "compressible" for other types; text/event-stream is
    // not in it, so an event stream is never buffered by a compressor.
    customTypes: JSON_TYPE,
  });
}
