import { describe, expect, it } from 'vitest';
import { forecastDaily, suggestedOrderQuantity, type DailyForecast } from './forecasting.js';

/** mulberry32: a small seeded generator, so every synthetic series is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws (Box-Muller) from a seeded generator. */
function seededNormal(seed: number): () => number {
  const random = seededRandom(seed);
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const peakIndex = (values: readonly number[]) => values.indexOf(Math.max(...values));
const values = (forecast: DailyForecast) => forecast.points.map((p) => p.value);

describe('forecastDaily', () => {
  describe('a linear trend with a weekly season and small noise', () => {
    // 120 days: 60 units/day rising 0.5 a day, a weekly shape peaking on day 5 of the week
    // (a Saturday when day 0 is a Monday), noise of sd 3.
    const WEEK = [-8, -6, -3, 0, 6, 18, -7];
    const NOISE = 3;
    const truth = (t: number) => 60 + 0.5 * t + WEEK[t % 7]!;
    const noise = seededNormal(14);
    const history = range(120).map((t) => truth(t) + NOISE * noise());
    const forecast = forecastDaily(history, 28);
    const future = range(28).map((i) => truth(120 + i));

    it('chooses holt-winters by back-test over the last 4 weeks, with a small MAPE', () => {
      expect(forecast.model).toBe('holt-winters');
      expect(forecast.backtestDays).toBe(28);
      expect(forecast.candidates.map((c) => c.model)).toEqual([
        'mean',
        'seasonal-naive',
        'simple-exponential-smoothing',
        'holt',
        'holt-winters',
      ]);
      expect(forecast.mape).toBeLessThan(5);
      for (const candidate of forecast.candidates)
        expect(candidate.mape).toBeGreaterThanOrEqual(forecast.mape!);
    });

    it('stays within 6% of the noiseless values over the next 28 days', () => {
      // The damped trend (phi <= 0.98) gives up part of the slope by day 28: a few units low.
      forecast.points.forEach((point, i) => {
        expect(Math.abs(point.value - future[i]!) / future[i]!).toBeLessThan(0.06);
      });
    });

    it('keeps the weekly shape: each forecast week peaks on the true peak weekday', () => {
      for (const week of [0, 1, 2, 3]) {
        const days = values(forecast).slice(week * 7, week * 7 + 7);
        // Day 120 is weekday 120 % 7 = 1, so the forecast's week starts on weekday 1.
        expect((peakIndex(days) + 120) % 7).toBe(peakIndex(WEEK));
      }
    });

    it('covers about 80% of fresh noisy draws of those days with its interval', () => {
      const fresh = seededNormal(99);
      let inside = 0;
      let draws = 0;
      for (let draw = 0; draw < 200; draw += 1) {
        forecast.points.forEach((point, i) => {
          const actual = future[i]! + NOISE * fresh();
          if (actual >= point.low && actual <= point.high) inside += 1;
          draws += 1;
        });
      }
      expect(inside / draws).toBeGreaterThan(0.65);
      expect(inside / draws).toBeLessThan(0.95);
    });
  });

  describe('a flat series with noise', () => {
    // Ten draws of 365 days around 40 units (sd 6): some of them the back-test gives to a trend
    // model, whose trend must stay near 0 for 180 days.
    const forecasts = range(10).map((seed) => {
      const noise = seededNormal(seed);
      return forecastDaily(
        range(365).map(() => Math.max(0, 40 + 6 * noise())),
        180,
      );
    });

    it('forecasts near the level for 180 days without a runaway trend', () => {
      expect(forecasts.some((f) => f.model === 'holt' || f.model === 'holt-winters')).toBe(true);
      for (const forecast of forecasts) {
        expect(forecast.points).toHaveLength(180);
        for (const point of forecast.points) {
          expect(point.value).toBeGreaterThan(36);
          expect(point.value).toBeLessThan(44);
        }
        const lastWeek = values(forecast).slice(173);
        const firstWeek = values(forecast).slice(0, 7);
        const mean = (days: number[]) => days.reduce((a, b) => a + b, 0) / days.length;
        expect(Math.abs(mean(lastWeek) - mean(firstWeek))).toBeLessThan(1);
      }
    });

    it('answers an interval about as wide as the noise (80%: +-1.28 sd)', () => {
      for (const forecast of forecasts) {
        const point = forecast.points[0]!;
        expect(point.high - point.low).toBeGreaterThan(2 * 1.28 * 6 * 0.75);
        expect(point.high - point.low).toBeLessThan(2 * 1.28 * 6 * 1.5);
      }
    });
  });

  describe('a weekly shape on a flat level, two months of history', () => {
    it('fits no trend to the noise: the 26th forecast week averages what the first does', () => {
      // 60 draws of 60 days around 40 units with the weekly shape (sd 8). A trend forced on
      // Holt-Winters ran one of them from 60 to 135 units a day within 180 days.
      const WEEK = [-8, -6, -3, 0, 6, 18, -7];
      const mean = (days: number[]) => days.reduce((a, b) => a + b, 0) / days.length;
      for (let seed = 100; seed < 160; seed += 1) {
        const noise = seededNormal(seed);
        const history = range(60).map((t) => Math.max(0, 40 + WEEK[t % 7]! + 8 * noise()));
        const forecast = values(forecastDaily(history, 182));
        expect(Math.abs(mean(forecast.slice(175)) - mean(forecast.slice(0, 7)))).toBeLessThan(2);
      }
    });
  });

  describe('a random walk (each day carries the last level on)', () => {
    const noise = seededNormal(31);
    let level = 200;
    const history = range(200).map(() => (level += 2 * noise()));

    it('widens the interval like sqrt(h): the level of day h is h steps of noise away', () => {
      // Without a back-test the forecast is SES, whose alpha is close to 1 on a random walk, and
      // whose h-step variance is 1 + (h - 1) alpha^2 times the one-step one.
      const forecast = forecastDaily(history, 28, { backtestDays: 0 });
      expect(forecast.model).toBe('simple-exponential-smoothing');
      const width = (day: number) => forecast.points[day - 1]!.high - forecast.points[day - 1]!.low;
      expect(width(28) / width(1)).toBeGreaterThan(4.5);
      expect(width(28) / width(1)).toBeLessThanOrEqual(Math.sqrt(28));
      expect(forecast.points[0]!.value).toBeCloseTo(history[199]!, 0);
    });
  });

  describe('a short history', () => {
    it('uses a simple model on 10 days, without a back-test, and still answers intervals', () => {
      const history = [5, 7, 6, 4, 8, 6, 5, 7, 6, 5];
      const forecast = forecastDaily(history, 14);
      expect(['mean', 'simple-exponential-smoothing']).toContain(forecast.model);
      expect(forecast.backtestDays).toBeLessThan(28);
      expect(forecast.mape).toBeNull();
      expect(forecast.points).toHaveLength(14);
      for (const point of forecast.points) {
        expect(point.value).toBeGreaterThan(4);
        expect(point.value).toBeLessThan(8);
        expect(point.high).toBeGreaterThan(point.value);
        expect(point.low).toBeLessThan(point.value);
      }
    });

    it('holds out fewer days while the fit keeps two weeks (30 days: 16 held out)', () => {
      const noise = seededNormal(5);
      const forecast = forecastDaily(
        range(30).map(() => 20 + 2 * noise()),
        7,
      );
      expect(forecast.backtestDays).toBe(16);
      expect(forecast.mape).not.toBeNull();
    });

    it('averages the days it has below 3 days', () => {
      const forecast = forecastDaily([4, 6], 3);
      expect(forecast.model).toBe('mean');
      expect(values(forecast)).toEqual([5, 5, 5]);
    });
  });

  describe('days without demand', () => {
    it('forecasts zeros for a history of zeros, with a null MAPE', () => {
      const forecast = forecastDaily(new Array<number>(90).fill(0), 30);
      expect(forecast.mape).toBeNull();
      expect(forecast.candidates.every((c) => c.mape === null)).toBe(true);
      for (const point of forecast.points) expect(point).toEqual({ value: 0, low: 0, high: 0 });
    });

    it('answers nonnegative forecasts and intervals for intermittent demand', () => {
      const random = seededRandom(7);
      const history = range(200).map(() => (random() < 0.15 ? 1 + Math.floor(random() * 4) : 0));
      const forecast = forecastDaily(history, 180);
      expect(forecast.points).toHaveLength(180);
      for (const point of forecast.points) {
        expect(point.low).toBeGreaterThanOrEqual(0);
        expect(point.value).toBeGreaterThanOrEqual(point.low);
        expect(point.high).toBeGreaterThanOrEqual(point.value);
      }
    });
  });

  describe('a trend without a season', () => {
    const noise = seededNormal(21);
    const history = range(150).map((t) => 20 + 0.8 * t + 2 * noise());
    const forecast = forecastDaily(history, 28);

    it('chooses a trend model, which beats the mean in the back-test, with a small MAPE', () => {
      expect(['holt', 'holt-winters']).toContain(forecast.model);
      const mapeOf = (model: string) => forecast.candidates.find((c) => c.model === model)!.mape!;
      expect(mapeOf('holt')).toBeLessThan(mapeOf('mean') / 5);
      expect(forecast.mape).toBeLessThan(3);
    });

    it('keeps rising after the last day', () => {
      const future = values(forecast);
      expect(future[27]!).toBeGreaterThan(future[0]! + 10);
      expect(future[0]!).toBeGreaterThan(20 + 0.8 * 150 - 6);
    });
  });

  it('answers the same forecast for the same input', () => {
    const noise = seededNormal(8);
    const history = range(365).map((t) => Math.max(0, 30 + 0.05 * t + 5 * Math.sin(t) + 4 * noise()));
    expect(forecastDaily(history, 180)).toEqual(forecastDaily([...history], 180));
  });

  it('refuses bad input', () => {
    expect(() => forecastDaily([1, 2, 3], 0)).toThrow(/horizon/);
    expect(() => forecastDaily([1, 2, 3], -4)).toThrow(/horizon/);
    expect(() => forecastDaily([1, 2, 3], 1.5)).toThrow(/horizon/);
    expect(() => forecastDaily([1, 2, 3], Number.NaN)).toThrow(/horizon/);
    expect(() => forecastDaily([1, Number.NaN, 3], 7)).toThrow(/history\[1\]/);
    expect(() => forecastDaily([1, Number.POSITIVE_INFINITY], 7)).toThrow(/history\[1\]/);
    expect(() => forecastDaily([1, -2, 3], 7)).toThrow(/history\[1\]/);
    expect(() => forecastDaily([], 7)).toThrow(/history/);
    expect(() => forecastDaily([1, 2, 3], 7, { seasonLength: 0 })).toThrow(/seasonLength/);
    expect(() => forecastDaily([1, 2, 3], 7, { backtestDays: -1 })).toThrow(/backtestDays/);
    expect(() => forecastDaily([1, 2, 3], 7, { level: 1 })).toThrow(/level/);
  });

  it('forecasts 365 days of history 180 days ahead in well under the 20 ms budget', () => {
    // Loose on purpose (3x the target, two shared cores): it catches a fit that grew quadratic,
    // not a slow machine. The measured time is in the report of issue 14.
    const noise = seededNormal(11);
    const histories = range(50).map((k) =>
      range(365).map((t) => Math.max(0, 20 + k + 0.02 * t + (t % 7 === 5 ? 8 : 0) + 3 * noise())),
    );
    const started = performance.now();
    for (const history of histories) forecastDaily(history, 180);
    expect((performance.now() - started) / histories.length).toBeLessThan(60);
  });
});

describe('suggestedOrderQuantity', () => {
  it('orders the demand plus the reorder point minus what is on hand', () => {
    expect(suggestedOrderQuantity({ onHand: 10, reorderPoint: 5, demand: 20 })).toBe(15);
  });

  it('orders nothing when the stock already covers both', () => {
    expect(suggestedOrderQuantity({ onHand: 100, reorderPoint: 5, demand: 20 })).toBe(0);
  });

  it('rounds a fractional demand up to whole units', () => {
    expect(suggestedOrderQuantity({ onHand: 0, reorderPoint: 0, demand: 12.2 })).toBe(13);
  });

  it('ignores float dust in a summed demand', () => {
    expect(suggestedOrderQuantity({ onHand: 0, reorderPoint: 0, demand: 0.1 + 0.2 + 29.7 })).toBe(30);
  });

  it('counts a negative on-hand as no stock', () => {
    expect(suggestedOrderQuantity({ onHand: -5, reorderPoint: 5, demand: 20 })).toBe(25);
  });

  it('refuses a demand that is not a number', () => {
    expect(() => suggestedOrderQuantity({ onHand: 0, reorderPoint: 0, demand: Number.NaN })).toThrow(
      /demand/,
    );
  });
});
