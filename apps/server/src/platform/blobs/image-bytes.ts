import { z } from 'zod';

/**
 * The 200 of a route that answers an image's bytes as they are: Fastify sends a Buffer without the
 * serialiser; the schema only describes it for the API document.
 */
export const ZImageBytes = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'The image: image/jpeg, image/png or image/webp' });

/** What such a route produces: the image, or a JSON error. */
export const IMAGE_PRODUCES = ['image/jpeg', 'image/png', 'image/webp', 'application/json'];
