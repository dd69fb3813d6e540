import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.js';
import { IMAGE_MAX_SIDE, reencodeImage, withImageSlot } from './images.js';

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });

/** The error reencodeImage throws for `data`. */
async function refusalOf(data: Buffer): Promise<AppError> {
  try {
    await reencodeImage(data, 'The logo');
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('the image was accepted');
}

/** A PNG whose header claims `width` x `height`, the rest of it a 1x1 image: a decompression bomb's shape. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('reencodeImage', () => {
  it('writes a JPEG again, upright, without its EXIF (camera, GPS, orientation)', async () => {
    const photo = await solid(40, 20)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Shop Ltd', Make: 'SpyCam' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('SpyCam');

    const result = await reencodeImage(photo);
    expect(result.contentType).toBe('image/jpeg');
    const meta = await sharp(result.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 is "rotate 90° clockwise to view": the stored pixels are turned already.
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(result.data.toString('latin1')).not.toContain('SpyCam');
  });

  it('keeps the format: PNG stays PNG, WebP stays WebP', async () => {
    const png = await reencodeImage(await solid(8, 8).png().toBuffer());
    expect(png.contentType).toBe('image/png');
    expect((await sharp(png.data).metadata()).format).toBe('png');
    const webp = await reencodeImage(await solid(8, 8).webp().toBuffer());
    expect(webp.contentType).toBe('image/webp');
    expect((await sharp(webp.data).metadata()).format).toBe('webp');
  });

  it(`shrinks a large image to fit ${IMAGE_MAX_SIDE} px and never enlarges a small one`, async () => {
    const wide = await reencodeImage(await solid(3000, 1000).png().toBuffer());
    expect([wide.width, wide.height]).toEqual([IMAGE_MAX_SIDE, 683]);
    const small = await reencodeImage(await solid(30, 10).png().toBuffer());
    expect([small.width, small.height]).toEqual([30, 10]);
  });

  it('stores no byte of HTML appended to a valid PNG', async () => {
    const polyglot = Buffer.concat([await solid(4, 4).png().toBuffer(), Buffer.from(HTML)]);
    let stored: Buffer | undefined;
    try {
      stored = (await reencodeImage(polyglot)).data;
    } catch (error) {
      // Refusing it is as good: what matters is that the HTML is never stored.
      expect((error as AppError).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    if (stored) {
      expect(stored.toString('latin1')).not.toMatch(/<html|<script/i);
    }
  });

  it('refuses a PNG header followed by HTML with 415 and a clear message', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from(HTML),
    ]);
    const error = await refusalOf(fake);
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe(
      'The logo could not be read: the file is damaged or not a real JPEG, PNG or WebP image.',
    );
  });

  it('refuses a truncated image', async () => {
    const png = await solid(200, 200).png({ compressionLevel: 0 }).toBuffer();
    expect((await refusalOf(png.subarray(0, png.length / 2))).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const jpeg = await solid(200, 200).jpeg().toBuffer();
    expect((await refusalOf(jpeg.subarray(0, jpeg.length / 2))).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a canvas over 40 megapixels before decoding it', async () => {
    const error = await refusalOf(await pngClaiming(10_000, 10_000));
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe('The logo has more than 40 megapixels. Choose a smaller image.');
  });

  it('refuses what is not JPEG, PNG or WebP by its content', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    expect((await refusalOf(svg)).message).toBe('The logo must be a JPEG, PNG or WebP image.');
    const gif = await solid(4, 4).gif().toBuffer();
    expect((await refusalOf(gif)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a file whose header and content disagree', async () => {
    // A WebP container around a PNG's bytes, say: the magic bytes alone would pass it.
    const png = await solid(4, 4).png().toBuffer();
    const riff = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP'), png]);
    expect((await refusalOf(riff)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('withImageSlot', () => {
  it('runs two at a time, keeps sixteen in line and refuses the next with 503', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const work = () =>
      withImageSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        await gate;
        running -= 1;
      });
    const accepted = Array.from({ length: 18 }, work);
    await expect(work()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    release();
    await Promise.all(accepted);
    expect(most).toBe(2);
  });
});
