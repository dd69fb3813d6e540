import { describe, expect, it } from 'vitest';
import { auditPageStatement, type AuditFilter } from './audit-reads.repository.js';

const BUSINESS = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const OTHER_USER = '00000000-0000-4000-8000-0000000000ff';
const page = { limit: 10, offset: 20 };

/** Every combination of the four filters. */
function allFilters(): AuditFilter[] {
  const filters: AuditFilter[] = [];
  for (let mask = 0; mask < 16; mask++) {
    filters.push({
      ...(mask & 1 ? { userId: USER } : {}),
      ...(mask & 2 ? { eventType: 'USER_UPDATE' as const } : {}),
      ...(mask & 4 ? { from: new Date('2026-01-01T00:00:00Z') } : {}),
      ...(mask & 8 ? { to: new Date('2026-02-01T00:00:00Z') } : {}),
    });
  }
  return filters;
}

describe('auditPageStatement', () => {
  // A connection keeps a prepared statement by name: one name for two texts would be refused.
  it('names each shape of filter once, and the same shape with the same text', () => {
    const statements = allFilters().map((filter) => auditPageStatement(BUSINESS, filter, page));
    expect(new Set(statements.map((s) => s.name)).size).toBe(16);
    expect(new Set(statements.map((s) => s.text)).size).toBe(16);
    const again = auditPageStatement(BUSINESS, { userId: OTHER_USER, eventType: 'CREATE_STORE' }, page);
    expect(again.text).toBe(
      auditPageStatement(BUSINESS, { userId: USER, eventType: 'USER_UPDATE' }, page).text,
    );
  });

  it('binds every value, the business first and the page last', () => {
    const statement = auditPageStatement(BUSINESS, allFilters()[15] ?? {}, page);
    expect(statement.values).toEqual([
      BUSINESS,
      USER,
      'USER_UPDATE',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-02-01T00:00:00Z'),
      10,
      20,
    ]);
    expect(statement.text).not.toContain(USER);
    expect(
      statement.text
        .match(/\$(\d+)/g)
        ?.map((p) => Number(p.slice(1)))
        .sort((a, b) => a - b)
        .at(-1),
    ).toBe(7);
  });
});
