import { describe, expect, it } from 'vitest';
import { classifyAbc } from './abc-classes.js';
import { fromCents, toCents } from '../../../platform/money.js';

const item = (sku: string, value: string) => ({ productId: `id-${sku}`, sku, cents: toCents(value) });
const classes = (items: ReturnType<typeof item>[]) =>
  Object.fromEntries(classifyAbc(items).map((row) => [row.sku, row.abcClass]));

describe('classifyAbc', () => {
  it('puts the items needed to reach 80% of the value in A, the next 15% in B, the rest in C', () => {
    // Total 1000: P1 starts at 0% (A), P2 at 50% (A, crosses 80%), P3 at 85% (B), P4 at 94% (B), P5 at 98% (C).
    expect(
      classes([item('P3', '90'), item('P1', '500'), item('P5', '20'), item('P2', '350'), item('P4', '40')]),
    ).toEqual({ P1: 'A', P2: 'A', P3: 'B', P4: 'B', P5: 'C' });
  });

  it('keeps items without sales, or with more refunded than sold, in C', () => {
    expect(classes([item('P1', '10'), item('P2', '0'), item('P3', '-4.50')])).toEqual({
      P1: 'A',
      P2: 'C',
      P3: 'C',
    });
  });

  it('ranks equal values by SKU so the answer does not depend on row order', () => {
    const ranked = classifyAbc([item('B', '50'), item('A', '50')]);
    expect(ranked.map((row) => [row.sku, row.abcClass])).toEqual([
      ['A', 'A'],
      ['B', 'A'],
    ]);
  });

  it('classes everything C when nothing sold', () => {
    expect(classes([item('P1', '0'), item('P2', '0')])).toEqual({ P1: 'C', P2: 'C' });
  });
});

describe('count money', () => {
  it('reads and writes decimal strings in exact cents', () => {
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('-0.07')).toBe(-7n);
    expect(fromCents(toCents('123456789012.34') * 3n)).toBe('370370367037.02');
    expect(fromCents(-5n)).toBe('-0.05');
  });
});
