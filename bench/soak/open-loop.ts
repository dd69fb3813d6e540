import { setTimeout as sleep } from 'node:timers/promises';
import type { MixCall } from './soak-mix.js';
import type { Sample } from './soak-stats.js';

export type OpenLoopOptions = {
  /** Requests a second, scheduled at even intervals from the start, whatever the answers take. */
  rate: number;
  durationMs: number;
  /** Requests in flight at most; a scheduled request waits for a free slot. */
  maxInFlight: number;
  /** A request that waited longer than this for a slot is dropped (counted), not sent late. */
  maxWaitMs: number;
  next: () => MixCall;
  onSample: (sample: Sample) => void;
  onDropped: () => void;
  /** Aborts the schedule and the requests in flight (Ctrl+C). */
  signal: AbortSignal;
};

const TICK_MS = 5;

type Due = { at: number; wasHeld: boolean };

/**
 * An open loop: request i is due at start + i / rate, sent as soon as it is due and a slot is
 * free. A slow server does not slow the schedule down (a closed loop would, and would hide the
 * slowness); the bound on requests in flight keeps a stalled server from drowning in connections.
 *
 * Latency is measured from the moment the request was sent, except for a request that had to wait
 * for a slot: from the moment it was due, since the wait is the server's slowness too (otherwise
 * the slowest periods would count the fewest samples). Resolves when the schedule ends and every
 * request has its answer (or its timeout).
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<void> {
  const { rate, durationMs, maxInFlight, maxWaitMs, signal } = options;
  const start = performance.now();
  const interval = 1000 / rate;
  const backlog: Due[] = [];
  const inFlight = new Set<Promise<void>>();
  let scheduled = 0;
  const faults = new Set<string>();

  const launch = (due: Due) => {
    const call = options.next();
    const sentAt = performance.now();
    const from = due.wasHeld ? due.at : sentAt;
    const request = call
      .run(signal)
      .catch((error: unknown): Sample['status'] => {
        // The client turns every network failure into a status: a throw is the mix's own fault
        // (an answer it could not read). Counted as an error, and said once per message.
        const message = error instanceof Error ? error.message : String(error);
        if (!faults.has(message)) {
          faults.add(message);
          process.stderr.write(`[soak] ${call.kind} ${call.action} failed in the client: ${message}\n`);
        }
        return 'connection';
      })
      .then((status) => {
        if (!signal.aborted)
          options.onSample({
            kind: call.kind,
            action: call.action,
            latencyMs: performance.now() - from,
            status,
          });
      })
      .finally(() => {
        inFlight.delete(request);
        drain();
      });
    inFlight.add(request);
  };

  function drain(): void {
    if (signal.aborted) return;
    const now = performance.now();
    while (backlog.length > 0) {
      const due = backlog[0];
      if (!due) break;
      if (now - due.at > maxWaitMs) {
        backlog.shift();
        options.onDropped();
        continue;
      }
      if (inFlight.size >= maxInFlight) {
        for (const waiting of backlog) waiting.wasHeld = true;
        return;
      }
      backlog.shift();
      launch(due);
    }
  }

  while (!signal.aborted) {
    const elapsed = performance.now() - start;
    if (elapsed >= durationMs) break;
    const dueCount = Math.floor(elapsed / interval) + 1;
    for (; scheduled < dueCount; scheduled++)
      backlog.push({ at: start + scheduled * interval, wasHeld: false });
    drain();
    await sleep(Math.min(TICK_MS, durationMs - elapsed));
  }
  // Requests still waiting for a slot when the schedule ends were never sent in time.
  for (let i = backlog.length; i > 0; i--) options.onDropped();
  backlog.length = 0;
  await Promise.allSettled([...inFlight]);
}
