import { describe, expect, it } from 'vitest';
import { ZContainerRequest, hasAtMostThreeDecimals } from './containers.js';

const body = { name: 'Basket 1', storeId: '6f1c1a52-8b0e-4c4e-9a59-2f1f3c0c8d11', type: 'BASKET' };

describe('containers', () => {
  describe('hasAtMostThreeDecimals', () => {
    it('admits whole grams, binary fractions included', () => {
      for (const value of [0, 2, 1.5, 0.001, 1.005, 2.675, 9999.999])
        expect(hasAtMostThreeDecimals(value)).toBe(true);
    });

    it('refuses a fraction of a gram', () => {
      for (const value of [0.0005, 1.0001, 2.6751]) expect(hasAtMostThreeDecimals(value)).toBe(false);
    });
  });

  describe('ZContainerRequest', () => {
    it('reads weights as numbers or text and leaves absent ones null', () => {
      const parsed = ZContainerRequest.parse({ ...body, capacityKg: '12.5', tareWeightKg: 1.005, code: '' });
      expect(parsed).toMatchObject({ capacityKg: 12.5, tareWeightKg: 1.005, code: null });
      expect(ZContainerRequest.parse(body)).toMatchObject({
        capacityKg: null,
        tareWeightKg: null,
        code: null,
      });
    });

    it('refuses a tare weight above the capacity, on tareWeightKg', () => {
      const result = ZContainerRequest.safeParse({ ...body, capacityKg: 2, tareWeightKg: 2.5 });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['tareWeightKg']);
    });
  });
});
