import { canSeeCosts, COST_FIELDS } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

const COSTS: ReadonlySet<string> = new Set(COST_FIELDS);

/**
 * The cost rule of the API (contracts' COST_FIELDS): a caller whose roles do not see costs
 * receives no cost field, from any route, a replayed answer included. The guard runs this before
 * serialising the answer of every route that needs a token; callers who see costs pay nothing.
 */
export async function leaveOutCosts(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
  if (!request.principal || canSeeCosts(request.principal.roles)) return payload;
  return withoutCosts(payload);
}

/** A copy of the value without its cost fields at any depth; parts without them are shared, not copied. */
export function withoutCosts<T>(value: T): T {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => withoutCosts(item));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(value)) {
    if (COSTS.has(key)) {
      copy ??= { ...value };
      delete copy[key];
      continue;
    }
    const kept = withoutCosts(field);
    if (kept === field) continue;
    copy ??= { ...value };
    copy[key] = kept;
  }
  return (copy ?? value) as T;
}

/**
 * A cost field of an answer the server built itself, before any leaving out: the contracts mark
 * cost fields optional for the callers who do not see them, never absent here.
 */
export function costOf(value: string | undefined): string {
  if (value === undefined) throw new Error('A cost field is missing from an answer built with its costs.');
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
