import type { PlanId, TSubscription } from '@app/contracts';
import type { Clock } from '../../src/platform/clock.js';
import { RENEWAL_SWEEP_QUEUE } from '../../src/modules/subscriptions/subscriptions.queues.js';
import type { TestApp } from '../build-app.js';
import { bearer } from './accounts.js';

/** A clock the test moves: `clock.set(date)`, `clock.advance(ms)`. */
export function settableClock(
  start: Date = new Date(),
): Clock & { set: (date: Date) => void; advance: (ms: number) => void } {
  let current = new Date(start.getTime());
  return {
    now: () => new Date(current.getTime()),
    set: (date) => {
      current = new Date(date.getTime());
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** Subscribes through the API (the sandbox pays at once). */
export async function subscribe(t: TestApp, token: string, planId: PlanId): Promise<TSubscription> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: bearer(token),
    payload: { planId },
  });
  if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The plan the gate reads (businesses.plan_id). */
export async function planIdOf(t: TestApp, businessId: string): Promise<string> {
  const { rows } = await t.sql('select plan_id from businesses where id = $1', [businessId]);
  return (rows[0] as { plan_id: string }).plan_id;
}

export async function subscriptionRow(t: TestApp, id: string) {
  const { rows } = await t.sql(
    'select status, plan_id, end_date, auto_renew, failed_charges, next_charge_at from subscriptions where id = $1',
    [id],
  );
  return rows[0] as {
    status: string;
    plan_id: string;
    end_date: Date;
    auto_renew: boolean;
    failed_charges: number;
    next_charge_at: Date | null;
  };
}

/** Runs the renewal sweep as the server's timer would, and every job it queues. */
export async function runRenewals(t: TestApp): Promise<void> {
  await t.jobs.send(RENEWAL_SWEEP_QUEUE, {});
  await t.jobs.drain();
}
