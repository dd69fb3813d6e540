import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../platform/auth/principal.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { NotificationListener } from '../../platform/db/notifications.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { MailOutbox } from '../../platform/mail/mail-outbox.js';

/** What the alerts module needs from the platform; built once in app.ts. */
export type AlertsDeps = {
  db: Db;
  /** When an alert is written, read, and whether it has expired. */
  clock: Clock;
  /** The mails of CRITICAL alerts and the movement checks go through the job queue. */
  jobs: JobQueue;
  mail: MailOutbox;
  /** The web app's address, for the link in an alert's e-mail. */
  appUrl: string;
  log: FastifyBaseLogger;
  /** The database's announcements of alert changes, for the live stream. */
  notifications: NotificationListener;
  /** The guard's session check (401 when signed out, disabled, or its token version moved on). */
  verifySession: (principal: Principal) => Promise<void>;
};

/** What a module that raises system alerts passes: the queue for CRITICAL mails, and the clock. */
export type AlertRaiser = Pick<AlertsDeps, 'jobs' | 'clock'>;
