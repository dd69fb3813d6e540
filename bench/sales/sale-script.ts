/**
 * The statements of one POST /api/sales as the full stack sent them (captured by capture-sql.mjs),
 * and how to send them again for a new sale: every time-ordered id the sale made (the sale's, the
 * ledger rows': UUID version 7, where the business's, users', stores' and products' ids are
 * version 4) and the Idempotency-Key are replaced by new ones, in the values and inside JSON text,
 * so each replay writes a new sale of the same products at the same store.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export type CapturedStatement = {
  client: number;
  at: number;
  name?: string;
  text: string;
  values?: unknown[];
  rowMode?: string;
};

/** One statement of the script: on the transaction's client, or on the pool (the session check). */
export type ScriptStatement = CapturedStatement & { onPool: boolean };

const NOISE = /pgboss|mail_outbox/i;
const V7 = /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/gi;

export async function readCaptured(file: string): Promise<CapturedStatement[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CapturedStatement);
}

/**
 * The request's statements: those sent between `from` and `to` (ms) apart from the job queue's
 * and the mail worker's; the client that sent BEGIN is the transaction's, the others are the pool.
 */
export function scriptOf(
  captured: readonly CapturedStatement[],
  from: number,
  to: number,
): ScriptStatement[] {
  const window = captured.filter((s) => s.at >= from && s.at <= to && !NOISE.test(s.text));
  const txClient = window.find((s) => /^\s*begin\b/i.test(s.text))?.client;
  if (txClient === undefined) throw new Error('No transaction was captured for the sale.');
  if (!window.some((s) => /insert into sales\b/i.test(s.text) && s.client === txClient))
    throw new Error('The captured transaction does not insert a sale.');
  return window.map((s) => ({ ...s, onPool: s.client !== txClient }));
}

/** A UUID version 7 (time first), as the server makes them, so the replayed keys grow as the real ones. */
export function uuidV7(): string {
  const bytes = randomBytes(16);
  const now = BigInt(Date.now());
  for (let i = 0; i < 6; i++) bytes[i] = Number((now >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Replaces the sale's own ids and the key in a value (strings, arrays, plain objects), the rest as is. */
export function renew(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((item) => renew(item, replace));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renew(v, replace)]));
  return value;
}

/** A replacer for one replay: each old v7 id gets one new id, the old key the new key. */
export function replacerFor(oldKey: string, newKey: string): (text: string) => string {
  const ids = new Map<string, string>();
  return (text) =>
    text
      .replace(V7, (id) => {
        const lower = id.toLowerCase();
        let fresh = ids.get(lower);
        if (!fresh) ids.set(lower, (fresh = uuidV7()));
        return fresh;
      })
      .split(oldKey)
      .join(newKey);
}
