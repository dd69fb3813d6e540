import type { TenantScope } from '../../../platform/db/tenancy.js';
import type { DayWindow } from './analytics-range.js';
import { salesStampOfDays, type LabelTable } from './sales-analytics.repository.js';

/**
 * The answers of the costly analytics reads (product rankings, trends, the filters), kept in this process per business and question for as long as the sales of
 * the days they read have not changed: a dashboard opened by several staff, or again, answers from
 * memory instead of summing a year of rollups again.
 *
 * Validity is read from the database on every call, so several servers stay correct: the stamp of
 * the days [firstDay, lastDay] is the count, sales and units of their store rollup rows. Every sale
 * adds a transaction to its day's row and every refund takes units off it (a line has at least one
 * unit), so any write to those days, backdated or not, changes the stamp. The stamp is read before
 * the answer: a sale committing in between makes the next stamp differ (a miss), never a stale hit.
 * Product names are the rollups' (each sale's); an answer labelled with store or category names,
 * which are read live, adds a digest of those names to its stamp, so a rename shows at once.
 */
export class AnalyticsCache {
  private readonly entries = new Map<string, { stamp: string; value: unknown }>();
  /** Reads of the same question and stamp already running: the later callers wait for the first. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly capacity = 500) {}

  async read<T>(
    scope: TenantScope,
    question: unknown,
    window: DayWindow,
    compute: () => Promise<T>,
    labels?: LabelTable,
  ): Promise<T> {
    const stamp = await salesStampOfDays(scope, window.firstDay, window.lastDay, labels);
    const key = `${scope.businessId}|${JSON.stringify(question)}`;
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp) {
      // Most recently used last: the first key of the map is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.value as T;
    }
    const runningKey = `${key}|${stamp}`;
    const already = this.running.get(runningKey);
    if (already) return (await already) as T;
    const reading = compute();
    this.running.set(runningKey, reading);
    try {
      const value = await reading;
      this.entries.delete(key);
      this.entries.set(key, { stamp, value });
      if (this.entries.size > this.capacity) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      return value;
    } finally {
      this.running.delete(runningKey);
    }
  }
}
