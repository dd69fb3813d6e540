import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobQueue, QueueDefinition } from './job-queue.js';

/**
 * Queues `queue`'s job every `everyMs` from the moment the app is ready to its close (DESIGN 14):
 * a singleton per interval whichever process sends it, so several servers run one job per
 * interval between them. Tests pass no interval and queue the job themselves.
 */
export function queueEvery(
  app: FastifyInstance,
  options: {
    jobs: JobQueue;
    queue: QueueDefinition<Record<string, never>>;
    everyMs?: number;
    log: FastifyBaseLogger;
  },
): void {
  const { jobs, queue, everyMs, log } = options;
  if (!everyMs) return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      jobs
        .send(queue, {}, { singletonSeconds: Math.max(1, Math.floor(everyMs / 1000)) })
        .catch((error: unknown) =>
          log.warn({ err: error, queue: queue.name }, 'could not queue a periodic job'),
        );
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
