import { randomUUID } from 'node:crypto';
import type { TReceivedItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../platform/http/app-error.js';
import { arrivalsOf, describeArrivals, reasonProblem } from './movement-arrivals.js';
import { lossNote } from './movement-stock.js';
import type { MovementRow } from './stock-movements.repository.js';

function row(quantity: number): MovementRow {
  return { id: randomUUID(), quantity, sku: 'TEA-1', unitCost: '2.5000' } as MovementRow;
}

function fieldErrorsOf(work: () => unknown): Record<string, string[]> {
  try {
    work();
  } catch (error) {
    return (error as AppError).details?.fieldErrors as Record<string, string[]>;
  }
  throw new Error('expected a refusal');
}

const received = (movementId: string, receivedQuantity: number, reason: TReceivedItem['reason'] = null) => ({
  movementId,
  receivedQuantity,
  reason,
  note: null,
});

describe('reasonProblem', () => {
  it('wants no reason when all arrived, SHORT or DAMAGED for fewer, OVER for more', () => {
    expect(reasonProblem(10, 10, null)).toBeNull();
    expect(reasonProblem(10, 10, 'SHORT')).toMatch(/no discrepancy/);
    expect(reasonProblem(10, 7, 'SHORT')).toBeNull();
    expect(reasonProblem(10, 0, 'DAMAGED')).toBeNull();
    expect(reasonProblem(10, 7, 'OVER')).toMatch(/SHORT or DAMAGED/);
    expect(reasonProblem(10, 7, null)).toMatch(/SHORT or DAMAGED/);
    expect(reasonProblem(10, 12, 'OVER')).toBeNull();
    expect(reasonProblem(10, 12, 'SHORT')).toMatch(/OVER/);
    expect(reasonProblem(10, 12, null)).toMatch(/OVER/);
  });
});

describe('arrivalsOf', () => {
  it('takes the quantity sent for the movements no item names, and the statement for the others', () => {
    const [a, b] = [row(10), row(5)];
    const arrivals = arrivalsOf(
      [a, b],
      [{ movementId: b.id.toUpperCase(), receivedQuantity: 3, reason: 'DAMAGED', note: 'wet' }],
    );
    expect(arrivals.map((x) => [x.receivedQuantity, x.discrepancyReason, x.discrepancyNote])).toEqual([
      [10, null, null],
      [3, 'DAMAGED', 'wet'],
    ]);
  });

  it('names the field of the item it refuses', () => {
    const a = row(10);
    expect(fieldErrorsOf(() => arrivalsOf([a], [received(randomUUID(), 1, 'SHORT')]))).toHaveProperty([
      'items.0.movementId',
    ]);
    expect(fieldErrorsOf(() => arrivalsOf([a], [received(a.id, 11, 'SHORT')]))).toHaveProperty([
      'items.0.reason',
    ]);
    expect(
      fieldErrorsOf(() =>
        arrivalsOf([a], [{ movementId: a.id, receivedQuantity: 10, reason: null, note: 'x' }]),
      ),
    ).toHaveProperty(['items.0.note']);
  });
});

describe('lossNote', () => {
  it('tells how many of how many were short or damaged, with what the destination said', () => {
    const base = { ...row(10), receivedQuantity: 7, discrepancyNote: 'box torn' };
    expect(lossNote({ ...base, discrepancyReason: 'SHORT' })).toBe(
      '3 of 10 units short on arrival: box torn',
    );
    expect(lossNote({ ...base, discrepancyReason: 'DAMAGED', discrepancyNote: null })).toBe(
      '3 of 10 units damaged on arrival',
    );
    expect(
      lossNote({ ...row(1), receivedQuantity: 0, discrepancyReason: 'SHORT', discrepancyNote: null }),
    ).toBe('1 of 1 unit short on arrival');
  });
});

describe('describeArrivals', () => {
  it('adds nothing when everything arrived, and each discrepancy otherwise', () => {
    expect(describeArrivals([])).toBe('');
    const one = {
      movementId: randomUUID(),
      sku: 'TEA-1',
      productName: 'Tea',
      quantity: 10,
      receivedQuantity: 12,
      reason: 'OVER' as const,
      note: null,
      sourceLocationId: randomUUID(),
      sourceName: 'Depot',
      destinationName: 'Shop',
    };
    expect(describeArrivals([one])).toBe(' Arrived with a discrepancy: SKU TEA-1 12 of 10 received (OVER).');
  });
});
