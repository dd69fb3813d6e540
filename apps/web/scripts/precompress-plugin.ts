import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/;

/**
 * Writes `x.br` and `x.gz` beside every compressible file of the build, at maximum quality.
 * The server sends these as they are (@fastify/static `preCompressed`): compressing once at
 * build time lets brotli run at quality 11, which would cost far too much per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'app:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle is written, so the files copied from public/ are there too.
    async writeBundle() {
      const files = await listCompressible(outDir);
      await Promise.all(files.map(writeCompressed));
    },
  };
}

async function listCompressible(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return (
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      // .vite/manifest.json is read by scripts, never served.
      .filter(
        (file) =>
          !path
            .relative(dir, file)
            .split(path.sep)
            .some((part) => part.startsWith('.')),
      )
  );
}

export async function writeCompressed(file: string): Promise<void> {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotliAsync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 }),
  ]);
  // A tiny file can grow when compressed; without a sibling the server sends it as it is.
  await Promise.all([
    br.length < raw.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < raw.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}
