import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { RunReads } from '../../platform/db/read-replica.js';
import type { LanguageModelConfig } from './language-model/language-model-client.js';

/** What the reports module needs from the platform; built once in app.ts. */
export type ReportsDeps = {
  /** The primary: the stored reports (saved, listed, opened, exported, deleted). */
  db: Db;
  /**
   * Where the report's own reads run (the plan and names, the tools, the forecasts): the read
   * replica while it is fresh, else the primary (platform/db/read-replica.ts). Read-only work only.
   */
  reads: RunReads;
  /** Today, the ranges of "last month", and each report's generatedAt. */
  clock: Clock;
  log: FastifyBaseLogger;
  /**
   * AI_BASE_URL, AI_API_KEY and AI_MODEL, and how long one question may take in all
   * (AI_TIMEOUT_SECONDS); null: the built-in analyst answers.
   */
  languageModel: (LanguageModelConfig & { questionTimeoutMs: number }) | null;
};
