import { setTimeout as sleep } from 'node:timers/promises';
import type { TAlertEvent } from '@app/contracts';
import { bearer } from './accounts.js';

/** One frame of an event stream: its event name ('comment' for a `:` line) and its data lines joined. */
export type Frame = { event: string; data: string };

/** Polls `check` every 20 ms until it holds; fails naming `what` after `ms`. */
export async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Opens GET /api/alerts/stream on a listening server as a browser does (fetch, bearer header) and
 * collects its frames; waits for `ready` when the server answered 200.
 */
export async function openAlertStream(base: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/alerts/stream`, { headers: bearer(token), signal: controller.signal });
  const frames: Frame[] = [];
  let ended = false;
  if (res.body && res.status === 200) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const lines = buffer.slice(0, end).split('\n');
            buffer = buffer.slice(end + 2);
            const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
            const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
            frames.push({
              event: event ?? (lines[0]?.startsWith(':') ? 'comment' : ''),
              data: data.join('\n'),
            });
          }
        }
      } catch {
        // aborted
      }
      ended = true;
    })();
  } else {
    ended = true;
  }
  const stream = {
    res,
    frames,
    isEnded: () => ended,
    alerts: () =>
      frames.filter((frame) => frame.event === 'alert').map((frame) => JSON.parse(frame.data) as TAlertEvent),
    close: () => controller.abort(),
    until: (check: () => boolean, what: string, ms?: number) => until(check, what, ms),
  };
  if (res.status === 200) await until(() => frames.some((frame) => frame.event === 'ready'), 'ready');
  return stream;
}
