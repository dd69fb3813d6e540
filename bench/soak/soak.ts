/**
 * `npm run soak -- --minutes 30 [--rate N] [--find-max]` (issue 17 item 6): the real server on a
 * fresh embedded PostgreSQL with Demo Market, driven through its HTTP API by a weighted mix of
 * browsing, sales, transfers, adjustments, analytics, alerts and reports at a set rate, with a
 * line a minute and verdicts at the end. Targets are reported, not asserted: the exit code is
 * non-zero only when something crashed (1) or the run was interrupted (130).
 */
import { setMaxListeners } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../http/full-stack.js';
import { Cleanup, freePort, type ManagedProcess } from '../http/processes.js';
import { DemoClient, discoverDemoWorld } from './demo-world.js';
import {
  DEFAULT_RAMP_BOUNDS,
  isSustained,
  nextRampRate,
  rampResult,
  type RampBounds,
  type RampStep,
} from './find-max.js';
import { runOpenLoop } from './open-loop.js';
import { cpuPercent, readServer, type ServerReading } from './server-metrics.js';
import { createMix } from './soak-mix.js';
import { DEFAULT_RATE, readSoakOptions, USAGE, type SoakOptions } from './soak-options.js';
import { kindTable, MINUTE_LEGEND, minuteHeader, minuteLine, rampLine, verdictLines } from './soak-report.js';
import { startDemoServer } from './soak-server.js';
import {
  createWindow,
  mergeWindows,
  recordSample,
  soakVerdicts,
  summariseWindow,
  type Window,
} from './soak-stats.js';

const soakDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(soakDir, '../..');
const resultsDir = path.join(soakDir, '..', 'results');
const WARMUP_MINUTES = 1;
/** A request waiting this long for a free slot is dropped rather than sent late. */
const MAX_WAIT_MS = 5_000;

function writeJson(file: string, data: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

const write = (line: string) => process.stdout.write(`${line}\n`);
const log = (line: string) => process.stderr.write(`[soak] ${line}\n`);

let options: SoakOptions;
try {
  options = readSoakOptions(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(2);
}

const cleanup = new Cleanup();
const stop = new AbortController();
// Every request in flight listens to it (64 by default): more than the default warning's 10.
setMaxListeners(0, stop.signal);
let finishing: Promise<void> | undefined;
/** Cleans up once; a second caller (a signal during the clean-up) waits for the same clean-up. */
async function finish(code: number, message?: string): Promise<never> {
  if (!finishing) {
    if (message) process.stderr.write(`${message}\n`);
    finishing = cleanup.runAll();
  }
  await finishing;
  process.exit(code);
}

// The first Ctrl+C stops the traffic and lets the run report what it measured; a second one
// stops at once. Either way the server and its cluster are stopped. One Ctrl+C in a terminal
// reaches this process twice (from the terminal, and relayed by npm's and tsx's parents), so a
// second SIGINT within 2 s is the same one.
let interruptedAt = 0;
process.on('SIGINT', () => {
  if (!stop.signal.aborted) {
    interruptedAt = Date.now();
    log('interrupted: stopping the traffic (Ctrl+C again to stop at once)');
    stop.abort();
  } else if (Date.now() - interruptedAt > 2_000) void finish(130, 'interrupted again; cleaning up');
});
process.once('SIGTERM', () => void finish(143, 'terminated; cleaning up'));

const rampSeconds = options.findMax ? options.rampBudgetSeconds + 120 : 0;
const timeoutSeconds = 600 + rampSeconds + (options.minutes ?? 0) * 60 * 1.2;
const watchdog = setTimeout(
  () => void finish(1, `The soak ran longer than ${Math.round(timeoutSeconds)} s; stopping.`),
  timeoutSeconds * 1000,
);
watchdog.unref();

/** Fails the run when the server died under load: that is the crash the exit code reports. */
function assertAlive(server: ManagedProcess): void {
  if (server.hasExited())
    throw new Error(`the server exited under load; the end of its output:\n${server.output().slice(-3000)}`);
}

async function runRamp(
  mix: ReturnType<typeof createMix>,
  server: ManagedProcess,
  bounds: RampBounds,
): Promise<{ steps: RampStep[]; result: ReturnType<typeof rampResult> }> {
  const maxSteps = Math.max(1, Math.floor(options.rampBudgetSeconds / options.stepSeconds));
  const rampOptions = { startRate: options.startRate, maxSteps, precision: 0.1 };
  const steps: RampStep[] = [];
  write(
    `\nfind-max: steps of ${options.stepSeconds} s (at most ${maxSteps}); holds when p99 < ${bounds.maxP99Ms} ms, errors < ${(bounds.maxErrorRate * 100).toFixed(1)} %, achieved >= ${bounds.minAchievedRatio * 100} % of the rate`,
  );
  // A first step is otherwise measured cold: the JIT, the pools and the caches fill during it.
  log(`warm-up: ${options.stepSeconds} s at ${options.startRate}/s (not judged)`);
  await runOpenLoop({
    rate: options.startRate,
    durationMs: options.stepSeconds * 1000,
    maxInFlight: options.maxInFlight,
    maxWaitMs: MAX_WAIT_MS,
    next: mix.next,
    onSample: () => undefined,
    onDropped: () => undefined,
    signal: stop.signal,
  });
  for (let rate = nextRampRate(steps, bounds, rampOptions); rate !== undefined;) {
    if (stop.signal.aborted) break;
    const window = createWindow();
    const stepMs = options.stepSeconds * 1000;
    const started = performance.now();
    // The achieved rate counts the answers that arrived within the step's own seconds: a server
    // that falls behind answers fewer than it was asked, even though every request was sent.
    let answeredInTime = 0;
    await runOpenLoop({
      rate,
      durationMs: stepMs,
      maxInFlight: options.maxInFlight,
      maxWaitMs: MAX_WAIT_MS,
      next: mix.next,
      onSample: (sample) => {
        recordSample(window, sample);
        if (performance.now() - started <= stepMs) answeredInTime += 1;
      },
      onDropped: () => (window.dropped += 1),
      signal: stop.signal,
    });
    assertAlive(server);
    const summary = summariseWindow(window, options.stepSeconds);
    const step: RampStep = {
      targetRate: rate,
      achievedRate: answeredInTime / options.stepSeconds,
      p99Ms: summary.p99Ms,
      errorRate: summary.errorRate,
    };
    steps.push(step);
    write(rampLine(step, isSustained(step, bounds)));
    if (summary.topFailures.length)
      write(`  failures: ${summary.topFailures.map((f) => `${f.what} x${f.count}`).join(', ')}`);
    rate = nextRampRate(steps, bounds, rampOptions);
    // Let the transfers opened at a high rate settle before the next step is measured.
    await sleep(2_000);
  }
  const result = rampResult(steps, bounds);
  write(
    `find-max: highest sustained rate ${result.maxRate}/s${result.isCapped ? ' (no step failed: the server may hold more)' : ''}; suggested soak rate (70 %): --rate ${result.suggestedRate}`,
  );
  return { steps, result };
}

/** The server once it answers, for its output when the run fails. */
let started: ManagedProcess | undefined;

/** A minute of the soak; `seconds` is under 60 only for the part of a minute a Ctrl+C cut short. */
type MinuteRecord = { minute: number; seconds: number; reading: ServerReading; window: Window };

async function runSoak(
  mix: ReturnType<typeof createMix>,
  client: DemoClient,
  server: ManagedProcess,
  baseUrl: string,
  rate: number,
  minutes: number,
): Promise<{ records: MinuteRecord[]; isInterrupted: boolean; startReading: ServerReading }> {
  const startReading = await readServer(baseUrl, server.pid);
  write(
    `\nsoak: ${minutes} min at ${rate} req/s (at most ${options.maxInFlight} in flight); warm-up: minute 1`,
  );
  write(MINUTE_LEGEND);
  write(minuteHeader());
  const records: MinuteRecord[] = [];
  let current = createWindow();
  const started = performance.now();
  const load = runOpenLoop({
    rate,
    durationMs: minutes * 60_000,
    maxInFlight: options.maxInFlight,
    maxWaitMs: MAX_WAIT_MS,
    next: mix.next,
    onSample: (sample) => recordSample(current, sample),
    onDropped: () => (current.dropped += 1),
    signal: stop.signal,
  });
  let crash: Error | undefined;
  for (let minute = 1; minute <= minutes && !stop.signal.aborted; minute++) {
    const wait = started + minute * 60_000 - performance.now();
    await Promise.race([
      sleep(Math.max(0, wait)),
      new Promise((resolve) => stop.signal.addEventListener('abort', resolve, { once: true })),
    ]);
    if (stop.signal.aborted) break;
    const window = current;
    current = createWindow();
    const reading = await readServer(baseUrl, server.pid);
    const cpu = cpuPercent(records.at(-1)?.reading ?? startReading, reading, 60);
    records.push({ minute, seconds: 60, reading, window });
    write(minuteLine(String(minute), summariseWindow(window, 60), reading, cpu));
    if (server.hasExited()) {
      crash = new Error(
        `the server exited under load; the end of its output:\n${server.output().slice(-3000)}`,
      );
      stop.abort();
      break;
    }
    await client.renewIfDue().catch((error: unknown) => log(`renewing the token failed: ${String(error)}`));
  }
  await load;
  if (crash) throw crash;
  const seconds = (performance.now() - started) / 1000 - records.length * 60;
  if (stop.signal.aborted && seconds >= 1) {
    // Interrupted within a minute: that part is its own row, not judged as a minute.
    const reading = await readServer(baseUrl, server.pid);
    records.push({ minute: records.length + 1, seconds, reading, window: current });
    write(minuteLine(`${records.length}*`, summariseWindow(current, seconds), reading));
  } else {
    // Answers that arrived after the last minute closed belong to its requests.
    const last = records.at(-1);
    if (last) last.window = mergeWindows([last.window, current]);
  }
  return { records, isInterrupted: stop.signal.aborted, startReading };
}

try {
  write(
    `soak: ${options.findMax ? 'find-max' : ''}${options.findMax && options.minutes ? ', then ' : ''}${options.minutes ? `${options.minutes} min` : ''}`,
  );
  log('building contracts and server ...');
  const mode = buildServer(repoRoot, log);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soak-'));
  cleanup.add('remove the data folder', () => {
    rmSync(dataDir, { recursive: true, force: true });
    log(`stopped the server and removed ${dataDir}`);
  });
  log(
    `starting the server (${mode}) with DEMO=1 on a fresh embedded PostgreSQL in ${dataDir} (seeding takes about 30 s) ...`,
  );
  const { baseUrl, process: server } = await startDemoServer({
    repoRoot,
    dataDir,
    port: await freePort(),
    mode,
    cleanup,
  });
  started = server;
  const client = new DemoClient(baseUrl);
  await client.signIn();
  const world = await discoverDemoWorld(client);
  log(
    `Demo Market: ${world.stores.length} stores and a warehouse, ${world.locations.reduce((n, l) => n + l.items.length, 0)} stock records; server ${baseUrl} (pid ${server.pid ?? '?'})`,
  );
  const mix = createMix(client, world);
  write('\nmix (share of requests):');
  for (const entry of mix.entries)
    write(
      `  ${entry.kind.padEnd(10)} ${entry.action.padEnd(22)} ${((entry.weight / mix.totalWeight) * 100).toFixed(1).padStart(5)} %`,
    );

  const bounds: RampBounds = { ...DEFAULT_RAMP_BOUNDS, maxP99Ms: options.p99BoundMs };
  const ramp = options.findMax ? await runRamp(mix, server, bounds) : undefined;
  if (ramp) {
    writeJson(path.join(resultsDir, 'soak-find-max.json'), {
      measuredAt: new Date().toISOString(),
      mode,
      bounds,
      stepSeconds: options.stepSeconds,
      maxInFlight: options.maxInFlight,
      steps: ramp.steps,
      ...ramp.result,
    });
  }

  let isInterrupted = stop.signal.aborted;
  if (options.minutes !== undefined && !isInterrupted) {
    const rate = options.rate ?? ramp?.result.suggestedRate ?? DEFAULT_RATE;
    const soak = await runSoak(mix, client, server, baseUrl, rate, options.minutes);
    isInterrupted = soak.isInterrupted;
    const wholeSeconds = soak.records.reduce((sum, record) => sum + record.seconds, 0);
    const whole = summariseWindow(
      mergeWindows(soak.records.map((record) => record.window)),
      Math.max(1, wholeSeconds),
    );
    const fullMinutes = soak.records.filter((record) => record.seconds === 60);
    const verdicts = soakVerdicts({
      minuteWindows: fullMinutes.map((record) => record.window),
      rssAtMinuteEnd: fullMinutes.map((record) => record.reading.rssBytes),
      warmupMinutes: WARMUP_MINUTES,
    });
    write(
      `\nwhole run${isInterrupted ? ' (interrupted)' : ''}: ${whole.requests} requests, ${whole.achievedRate.toFixed(1)} req/s, ${whole.conflicts} expected 409s, ${whole.dropped} dropped`,
    );
    for (const line of kindTable(whole)) write(line);
    if (whole.topFailures.length) {
      write('failures (kind action status x count):');
      for (const failure of whole.topFailures) write(`  ${failure.what} x${failure.count}`);
    }
    write('');
    for (const line of verdictLines(verdicts)) write(line);
    write(`open transfers at the end: ${mix.openMovements()}`);
    if (whole.errors > 0) write(`\nthe server's last output:\n${server.output().slice(-2000)}`);
    writeJson(path.join(resultsDir, 'soak.json'), {
      measuredAt: new Date().toISOString(),
      mode,
      rate,
      minutesAsked: options.minutes,
      isInterrupted,
      maxInFlight: options.maxInFlight,
      warmupMinutes: WARMUP_MINUTES,
      mix: mix.entries,
      findMax: ramp ? { steps: ramp.steps, ...ramp.result } : undefined,
      serverAtStart: soak.startReading,
      minutes: soak.records.map((record) => ({
        minute: record.minute,
        ...summariseWindow(record.window, record.seconds),
        server: record.reading,
      })),
      whole,
      verdicts,
    });
    write(`\nresults: ${path.relative(repoRoot, path.join(resultsDir, 'soak.json'))}`);
  }
  clearTimeout(watchdog);
  await finish(isInterrupted ? 130 : 0);
} catch (error) {
  // A failed demo seed is logged by the server, which then starts without Demo Market.
  const tail = started ? `\nthe server's last output:\n${started.output().slice(-3000)}` : '';
  await finish(
    1,
    `The soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${tail}`,
  );
}
