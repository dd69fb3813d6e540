import { describe, expect, it } from 'vitest';
import { featuresAddedBy, limitText, limitsText, planNameWith, planPhrase, priceText } from './site-facts';

/** The public pages quote DESIGN 6 through these: the expectations below are that table. */
describe('site facts', () => {
  describe('planPhrase', () => {
    it('says basic analytics come with every plan', () => {
      expect(planPhrase('ANALYTICS_BASIC')).toBe('on every plan, Free included');
    });

    it('places loyalty, uploads, discounts, the audit log and broadcasts on Basic and above', () => {
      for (const feature of [
        'LOYALTY',
        'BULK_UPLOAD',
        'DISCOUNTS',
        'AUDIT_LOG',
        'BROADCAST_ALERTS',
      ] as const) {
        expect(planPhrase(feature)).toBe('on the Basic plan and above');
      }
    });

    it('places AI reports, export and advanced analytics on Advanced and above', () => {
      for (const feature of ['AI_REPORT', 'EXPORT', 'ANALYTICS_ADVANCED'] as const) {
        expect(planPhrase(feature)).toBe('on the Advanced plan and above');
      }
    });

    it('places forecasts and supreme analytics on Supreme alone', () => {
      expect(planPhrase('FORECAST')).toBe('on the Supreme plan');
      expect(planPhrase('ANALYTICS_SUPREME')).toBe('on the Supreme plan');
      expect(planNameWith('FORECAST')).toBe('Supreme');
    });
  });

  describe('limits and prices', () => {
    it('states the Free limits in words', () => {
      expect(limitsText('FREE')).toBe('1 store, 1 warehouse, 100 products and 2 staff users');
    });

    it('writes thousands with a separator and no limit as unlimited', () => {
      expect(limitText('BASIC', 'products')).toBe('2,000 products');
      expect(limitText('ADVANCED', 'products')).toBe('20,000 products');
      expect(limitText('SUPREME', 'stores')).toBe('unlimited stores');
    });

    it('prices the plans per month in dollars, Free at no charge', () => {
      expect(priceText('FREE')).toBe('no charge');
      expect(priceText('BASIC')).toBe('$29 a month');
      expect(priceText('ADVANCED')).toBe('$79 a month');
      expect(priceText('SUPREME')).toBe('$199 a month');
    });
  });

  describe('featuresAddedBy', () => {
    it('lists what each plan adds to the one below it', () => {
      expect(featuresAddedBy('FREE')).toEqual(['Basic analytics']);
      expect(featuresAddedBy('ADVANCED')).toEqual([
        'Advanced analytics',
        'Questions in plain words (AI reports)',
        'Report export',
      ]);
      expect(featuresAddedBy('SUPREME')).toEqual(['Supreme analytics', 'Forecasts']);
    });
  });
});
