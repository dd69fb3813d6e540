import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A child process started by the benchmark, with the tail of its output kept for error messages. */
export type ManagedProcess = {
  readonly name: string;
  readonly pid: number | undefined;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  readonly exited: Promise<string>;
  hasExited: () => boolean;
  output: () => string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop: (graceMs?: number) => Promise<void>;
};

const OUTPUT_TAIL_CHARS = 8_000;

export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): ManagedProcess {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    // The pipes are always drained, so a chatty child never blocks on a full pipe.
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let done = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve(code === null ? String(signal) : String(code));
    });
    child.once('error', (error) => {
      done = true;
      tail += `\n${error.message}`;
      resolve('spawn-error');
    });
  });
  return {
    name,
    pid: child.pid,
    exited,
    hasExited: () => done,
    output: () => tail,
    stop: async (graceMs = 15_000) => {
      if (done) return;
      child.kill('SIGTERM');
      const timer = sleep(graceMs).then(() => 'timeout' as const);
      if ((await Promise.race([exited, timer])) === 'timeout' && !done) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200; fails early when `process` exits, or after `timeoutMs`. */
export async function waitForHttpOk(url: string, process: ManagedProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (process.hasExited()) {
      throw new Error(
        `${process.name} exited (${await process.exited}) before ${url} answered.\n${process.output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  throw new Error(
    `${process.name}: ${url} did not answer 200 within ${timeoutMs} ms (${lastProblem}).\n${process.output()}`,
  );
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Last resort after a server was SIGKILLed: its embedded PostgreSQL would live on. The postmaster
 * we caused to start is stopped with a fast shutdown (SIGINT) by the pid in its own pid file.
 */
export async function stopOrphanedPostgres(clusterDir: string): Promise<void> {
  const pidFile = `${clusterDir}/postmaster.pid`;
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
}

/** Runs registered clean-up steps in reverse order, each at most once, never throwing. */
export class Cleanup {
  private readonly steps: { label: string; run: () => Promise<void> | void }[] = [];

  add(label: string, run: () => Promise<void> | void): void {
    this.steps.push({ label, run });
  }

  async runAll(): Promise<void> {
    while (this.steps.length > 0) {
      const step = this.steps.pop();
      if (!step) break;
      try {
        await step.run();
      } catch (error) {
        process.stderr.write(
          `clean-up "${step.label}" failed: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
    }
  }
}

/**
 * A bare reference server of a benchmark: `script` run through tsx as its own process on a free
 * port (NODE_ENV=production, PORT and `env` on top of this process's), stopped at clean-up; answers
 * its base URL once `/` answers 2xx.
 */
export async function startBareServer(options: {
  name: string;
  script: string;
  repoRoot: string;
  env: Record<string, string>;
  cleanup: Cleanup;
}): Promise<{ url: string; process: ManagedProcess }> {
  const { name, script, repoRoot, env, cleanup } = options;
  const port = await freePort();
  const child = startProcess(name, process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), ...env },
  });
  cleanup.add(`stop ${name}`, () => child.stop());
  const url = `http://127.0.0.1:${port}`;
  await waitForHttpOk(`${url}/`, child, 30_000);
  return { url, process: child };
}
