import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, createGunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { limitCopyText } from './copy-text-limit.js';
import { BackupRefusal } from './manifest.js';

/**
 * Attacks on loading a table member (issue 17): a gzip member of a tampered archive may unzip to
 * far more than its manifest says. The limit refuses it while it streams, having passed on no more
 * than the manifest's rows.
 */

/** Pipes `chunks` through the limit; answers the bytes passed on and the error, if any. */
async function through(chunks: Buffer[], rows: number, maxLineBytes?: number) {
  let passed = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      done();
    },
  });
  try {
    await pipeline(Readable.from(chunks), limitCopyText('public.sales', rows, maxLineBytes), sink);
    return { passed, error: undefined };
  } catch (error) {
    return { passed, error };
  }
}

describe(limitCopyText.name, () => {
  it('passes a member with the manifest’s rows unchanged, however it is cut into chunks', async () => {
    const text = Buffer.from('1\ta\n2\tb\\nc\n3\t\\N\n');
    for (let cut = 0; cut <= text.length; cut++) {
      const { passed, error } = await through([text.subarray(0, cut), text.subarray(cut)], 3);
      expect(error, `cut at ${cut}`).toBeUndefined();
      expect(passed).toBe(text.length);
    }
  });

  it('refuses a row more than the manifest says', async () => {
    const { error } = await through([Buffer.from('1\n2\n3\n4\n')], 3);
    expect(error).toBeInstanceOf(BackupRefusal);
    expect((error as Error).message).toMatch(/public\.sales holds more rows than its manifest's 3/);
  });

  it('refuses an endless line before passing on much more than the limit', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const chunks = Array.from({ length: 100 }, () => chunk);
    const { passed, error } = await through(chunks, 1, 256 * 1024);
    expect(error).toBeInstanceOf(BackupRefusal);
    expect((error as Error).message).toMatch(/a row longer than 262144 bytes/);
    expect(passed).toBeLessThanOrEqual(256 * 1024);
  });

  it('stops a gzip bomb (256 MiB of one line in a few hundred kilobytes) after a few megabytes of it', async () => {
    // The bomb, made as a stream: 256 MiB of 'a' and no newline.
    const zero = Buffer.alloc(1024 * 1024, 0x61);
    const bomb: Buffer[] = [];
    await pipeline(
      Readable.from(
        (function* () {
          for (let i = 0; i < 256; i++) yield zero;
        })(),
      ),
      createGzip({ level: 9 }),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bomb.push(chunk);
          done();
        },
      }),
    );
    const compressed = Buffer.concat(bomb);
    expect(compressed.length).toBeLessThan(1024 * 1024);
    let passed = 0;
    const started = Date.now();
    const error = await pipeline(
      Readable.from([compressed]),
      createGunzip(),
      limitCopyText('public.sales', 1, 4 * 1024 * 1024),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          passed += chunk.length;
          done();
        },
      }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupRefusal);
    expect(passed).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
