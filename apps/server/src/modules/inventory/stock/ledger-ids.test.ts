import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './ledger-ids.js';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID of the RFC variant that any UUID check accepts', () => {
    for (let i = 0; i < 200; i++) {
      const id = timeOrderedUuid();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
  });

  it('starts with the time in milliseconds, so later ids sort after earlier ones', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    expect(timeOrderedUuid(at).replace(/-/g, '').slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
    const ids = [at, at + 1, at + 1000, at + 86_400_000].map((ms) => timeOrderedUuid(ms));
    expect([...ids].sort()).toEqual(ids);
  });

  it('differs for ids of the same millisecond', () => {
    const at = Date.now();
    expect(new Set(Array.from({ length: 1000 }, () => timeOrderedUuid(at))).size).toBe(1000);
  });
});
