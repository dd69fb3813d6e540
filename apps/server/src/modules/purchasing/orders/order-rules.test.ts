import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/app-error.js';
import {
  assertAllowed,
  assertReceivable,
  lineTotal,
  outstandingOf,
  statusAfterReceipt,
  sumMoney,
  type OrderAction,
} from './order-rules.js';

function refusal(work: () => void): AppError | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('order rules', () => {
  describe('assertAllowed', () => {
    const allowed: Record<OrderAction, PurchaseOrderStatus[]> = {
      update: ['DRAFT'],
      send: ['DRAFT'],
      receive: ['SENT', 'PARTIALLY_RECEIVED'],
      close: ['SENT', 'PARTIALLY_RECEIVED'],
      cancel: ['DRAFT', 'SENT'],
    };
    for (const [action, states] of Object.entries(allowed) as Array<[OrderAction, PurchaseOrderStatus[]]>) {
      it(`lets ${action} start only from ${states.join(' or ')}, 409 naming the order otherwise`, () => {
        for (const status of PURCHASE_ORDER_STATUSES) {
          const error = refusal(() => assertAllowed(action, { number: 12, status }));
          if (states.includes(status)) expect(error, status).toBeUndefined();
          else {
            expect(error?.code, status).toBe('CONFLICT');
            expect(error?.message).toContain('PO-000012');
            expect(error?.details).toEqual({ status });
          }
        }
      });
    }
  });

  describe('assertReceivable', () => {
    const line = { lineNo: 2, sku: 'TEA', quantity: 10, receivedQuantity: 6, damagedQuantity: 1 };

    it('accepts up to what is outstanding, damaged units counting as arrived', () => {
      expect(
        refusal(() => assertReceivable(line, { lineId: 'l', quantity: 4, damaged: 4 }, 0)),
      ).toBeUndefined();
    });

    it('refuses more than outstanding with 409 naming the line and the numbers', () => {
      const error = refusal(() => assertReceivable(line, { lineId: 'l', quantity: 5, damaged: 0 }, 3));
      expect(error?.code).toBe('CONFLICT');
      expect(error?.message).toBe('Line 2 (SKU TEA) expects 4 more units: 5 cannot be received.');
      expect(error?.details).toMatchObject({
        index: 3,
        lineId: 'l',
        lineNo: 2,
        outstanding: 4,
        requested: 5,
      });
    });
  });

  describe('statusAfterReceipt', () => {
    it('is RECEIVED once every line has all it ordered, partly received before', () => {
      const full = { quantity: 5, receivedQuantity: 5, damagedQuantity: 2 };
      const short = { quantity: 5, receivedQuantity: 4, damagedQuantity: 0 };
      expect(statusAfterReceipt([full, full])).toBe('RECEIVED');
      expect(statusAfterReceipt([full, short])).toBe('PARTIALLY_RECEIVED');
    });
  });

  describe('outstandingOf', () => {
    it('is what is still to come while open, and nothing once closed or cancelled', () => {
      const line = { quantity: 10, receivedQuantity: 3, damagedQuantity: 0 };
      expect(outstandingOf(line, 'SENT')).toBe(7);
      expect(outstandingOf(line, 'PARTIALLY_RECEIVED')).toBe(7);
      expect(outstandingOf(line, 'CLOSED')).toBe(0);
      expect(outstandingOf(line, 'CANCELLED')).toBe(0);
    });
  });

  describe('money', () => {
    it('multiplies and sums in cents, exactly past what a double holds', () => {
      expect(lineTotal(3, '0.10')).toBe('0.30');
      expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
      // 10^9 units at 999,999,999,999.99: 18 significant digits.
      expect(lineTotal(1_000_000_000, '999999999999.99')).toBe('999999999999990000000.00');
      expect(sumMoney([])).toBe('0.00');
    });
  });
});
