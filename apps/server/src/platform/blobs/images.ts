import sharp from 'sharp';
import { AppError } from '../http/app-error.js';
import { detectImageType, type ImageType } from './blob-storage.js';

/** Larger images are refused before decoding: a small file can declare a huge canvas. */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** Stored images fit inside this square; smaller ones keep their size. */
export const IMAGE_MAX_SIDE = 2048;

const SHARP_FORMAT = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

// Every upload is a different image: libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * Decodes an uploaded image and encodes it again, so what is stored (and later served) is
 * pixels we wrote, never the bytes as sent: a PNG header followed by HTML, a JPEG with a script
 * in a comment or trailing data, EXIF with the GPS position of the shop, all are gone. The image
 * is turned upright from its EXIF orientation first (the orientation tag goes with the rest of
 * the metadata), shrunk to fit IMAGE_MAX_SIDE, and written in the format it came in.
 *
 * Refused with 415: anything whose content is not JPEG, PNG or WebP, files libvips reports
 * errors for (truncated or corrupt data: failOn 'error'), and canvases over
 * IMAGE_MAX_INPUT_PIXELS.
 */
export async function reencodeImage(
  data: Buffer,
  what = 'The image',
): Promise<{ data: Buffer; contentType: ImageType; width: number; height: number }> {
  // The magic bytes first: sharp also reads SVG, TIFF, GIF, HEIF..., which are not accepted.
  const contentType = detectImageType(data);
  if (!contentType)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${what} must be a JPEG, PNG or WebP image.`);
  const format = SHARP_FORMAT[contentType];
  try {
    const image = sharp(data, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' });
    const { format: decoded } = await image.metadata();
    if (decoded !== format) throw new Error(`content is ${decoded}, header says ${format}`);
    const { data: output, info } = await image
      .autoOrient()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(format, format === 'png' ? { compressionLevel: 9 } : { quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { data: output, contentType, width: info.width, height: info.height };
  } catch (error) {
    const isTooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      isTooLarge
        ? `${what} has more than ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels. Choose a smaller image.`
        : `${what} could not be read: the file is damaged or not a real JPEG, PNG or WebP image.`,
    );
  }
}

/** Decodes running at once, server-wide; the rest wait in line, a few at most. */
const IMAGE_SLOTS = 2;
const IMAGE_QUEUE_MAX = 16;
let running = 0;
const queue: (() => void)[] = [];

/**
 * Runs image work in one of IMAGE_SLOTS slots. A decode can take seconds of CPU on libuv's
 * pool, which password hashing shares: without a bound, a handful of uploads at once would
 * hold every sign-in. When the line is full the upload is refused with 503 rather than queued
 * without end.
 */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_SLOTS) {
    if (queue.length >= IMAGE_QUEUE_MAX) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The server is busy with other images. Please try again in a moment.',
        undefined,
        { 'Retry-After': '5' },
      );
    }
    await new Promise<void>((resolve) => queue.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}
