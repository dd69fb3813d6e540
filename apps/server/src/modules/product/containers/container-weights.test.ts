import { describe, expect, it } from 'vitest';
import { kilogramsFromSql, kilogramsToSql } from './container-weights.js';

describe('container-weights', () => {
  describe('kilogramsToSql', () => {
    it('writes three decimals, whole grams kept exactly', () => {
      expect(kilogramsToSql(1.005)).toBe('1.005');
      expect(kilogramsToSql(12.5)).toBe('12.500');
      expect(kilogramsToSql(0)).toBe('0.000');
    });

    it('keeps an absent weight absent', () => {
      expect(kilogramsToSql(null)).toBeNull();
    });
  });

  describe('kilogramsFromSql', () => {
    it('reads the numeric text as a number', () => {
      expect(kilogramsFromSql('12.500')).toBe(12.5);
      expect(kilogramsFromSql('9999.999')).toBe(9999.999);
      expect(kilogramsFromSql(null)).toBeNull();
    });
  });
});
