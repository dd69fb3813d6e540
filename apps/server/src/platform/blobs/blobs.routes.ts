import { API, ZDownloadImageQuery, ZErrorBody } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../auth/guard.js';
import { AppError } from '../http/app-error.js';
import { IMAGE_CONTAINER, businessBlobPrefix, type BlobStorage } from './blob-storage.js';
import { IMAGE_PRODUCES, ZImageBytes } from './image-bytes.js';

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

const notFound = () => new AppError('NOT_FOUND', 'The image was not found.');

/**
 * Headers for a stored file. The bytes came from a user: even re-encoded, the browser must not
 * guess another type (nosniff), run anything in it (a sandboxed deny-all policy, in case it is
 * opened as a document), or let another site embed it (CORP). Images open inline under their
 * own name (a safe segment: see blobs.routes), anything else is a download. Private: a shared
 * cache must not keep one business's file for another.
 */
export function storedFileHeaders(name: string, contentType: string): Record<string, string> {
  const filename = name.split('/').pop() ?? 'file';
  return {
    'content-type': contentType,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': `${INLINE_TYPES.has(contentType) ? 'inline' : 'attachment'}; filename="${filename}"`,
    'cache-control': 'private',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/**
 * Whether `name` is a blob of the business: under its prefix, and made only of plain segments,
 * so `..`, `/`-absolute, backslashes and percent-encoded forms (Fastify decodes the query once;
 * a `%` left over is refused) can never name a file elsewhere. The file storage checks the
 * segments again.
 */
function isBlobOfBusiness(name: string, businessId: string | null): boolean {
  if (!businessId || !name.startsWith(businessBlobPrefix(businessId))) return false;
  return name.split('/').every((segment) => SAFE_SEGMENT.test(segment));
}

/** The session was checked by the auth guard before this handler runs (platform/auth/guard.ts). */
export const blobsRoutes: FastifyPluginAsyncZod<{ blobs: BlobStorage }> = async (app, { blobs }) => {
  app.get(
    API.blobs.downloadImage,
    {
      config: { access: { permission: 'business:read' } },
      schema: {
        tags: ['blobs'],
        operationId: 'downloadImage',
        summary: 'Download an image of your business (the logo)',
        description:
          'Answers the stored bytes with their type. Only the `inventory` container and only images ' +
          "of the caller's own business; any other name answers 404.",
        querystring: ZDownloadImageQuery,
        produces: IMAGE_PRODUCES,
        response: {
          200: ZImageBytes,
          404: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const { imageUrl, containerName } = request.query;
      if (containerName !== IMAGE_CONTAINER || !isBlobOfBusiness(imageUrl, principal.businessId)) {
        throw notFound();
      }
      const blob = await blobs.get(IMAGE_CONTAINER, imageUrl);
      if (!blob) throw notFound();
      return reply.headers(storedFileHeaders(imageUrl, blob.contentType)).send(blob.data);
    },
  );
};
