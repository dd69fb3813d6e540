import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PostgresTool = { file: string; major: number; version: string };

export type ToolName = 'pg_dump' | 'pg_restore';

/**
 * Where a client program may be, in the order it is looked for: PG_BIN_DIR, then every folder of
 * PATH, then the Debian layout's /usr/lib/postgresql/<major>/bin, highest major first. The
 * embedded PostgreSQL ships no pg_dump, so a machine may have only an older one on its PATH and a
 * newer one in /usr/lib/postgresql.
 */
export function candidateDirs(env: NodeJS.ProcessEnv, debianMajors: string[]): string[] {
  const dirs = [
    ...(env.PG_BIN_DIR ? [env.PG_BIN_DIR] : []),
    ...(env.PATH ?? '').split(path.delimiter).filter(Boolean),
    ...debianMajors
      .filter((major) => /^\d+$/.test(major))
      .sort((a, b) => Number(b) - Number(a))
      .map((major) => `/usr/lib/postgresql/${major}/bin`),
  ];
  return [...new Set(dirs)];
}

/** The major of `pg_dump (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)` and the like. */
export function parseToolVersion(output: string): { major: number; version: string } | null {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) return null;
  return { major: Number(match[1]), version: output.trim() };
}

/**
 * The first `name` whose major is at least `minMajor` (pg_dump refuses a server of a newer major;
 * pg_restore reads only archives of its own or older versions), or null with the versions seen.
 */
export async function findPostgresTool(
  name: ToolName,
  minMajor: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ tool: PostgresTool | null; seen: string[] }> {
  const majors = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const seen: string[] = [];
  for (const dir of candidateDirs(env, majors)) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    try {
      const { stdout } = await run(file, ['--version'], { timeout: 10_000 });
      const parsed = parseToolVersion(stdout);
      if (!parsed) continue;
      seen.push(`${file} (${parsed.major})`);
      if (parsed.major >= minMajor) return { tool: { file, ...parsed }, seen };
    } catch {
      // Not runnable here (another architecture, a broken link): look further.
    }
  }
  return { tool: null, seen };
}

/**
 * Runs a client program with the connection's password in PGPASSWORD, never on its command line
 * (which every user of the machine can read in the process list). Rejects with its last lines of
 * stderr on a non-zero exit.
 */
export async function runPostgresTool(file: string, args: string[], connectionUrl: string): Promise<void> {
  const url = new URL(connectionUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const child = spawn(file, [...args, `--dbname=${url.toString()}`], {
    env: { ...process.env, PGPASSWORD: password, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0)
    throw new Error(
      `${path.basename(file)} failed (exit code ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`,
    );
}
