import { PLANS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.js';
import { assertFeature, assertWithinLimit, type Plan } from './plans.service.js';

const plan = (id: keyof typeof PLANS): Plan => ({ id, ...PLANS[id] });

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('plans.service', () => {
  describe('assertWithinLimit', () => {
    it('allows one more while below the limit', () => {
      expect(() => assertWithinLimit(plan('FREE'), 'staffUsers', 1, 'staff users')).not.toThrow();
    });

    it('refuses at the limit with a plan violation naming the plan and the limit', () => {
      const error = refusal(() => assertWithinLimit(plan('FREE'), 'staffUsers', 2, 'staff users'));
      expect(error.code).toBe('PLAN_VIOLATION');
      expect(error.statusCode).toBe(403);
      expect(error.headers).toEqual({ 'X-Plan-Violation': '1' });
      expect(error.message).toBe('The Free plan allows 2 staff users. Upgrade your plan to add more.');
    });

    it('counts one in the singular', () => {
      const error = refusal(() => assertWithinLimit(plan('FREE'), 'stores', 1, 'stores'));
      expect(error.message).toBe('The Free plan allows 1 store. Upgrade your plan to add more.');
    });

    it('never refuses an unlimited plan', () => {
      expect(() => assertWithinLimit(plan('SUPREME'), 'products', 1_000_000, 'products')).not.toThrow();
    });
  });

  describe('assertFeature', () => {
    it('allows a feature of the plan and refuses one above it with the default message', () => {
      expect(() => assertFeature(plan('BASIC'), 'DISCOUNTS')).not.toThrow();
      const error = refusal(() => assertFeature(plan('BASIC'), 'FORECAST'));
      expect(error.code).toBe('PLAN_VIOLATION');
      expect(error.message).toBe('This action requires a higher subscription plan.');
    });
  });
});
