import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, boundingBox, greatCircleKm, type Point } from './geo.js';

const LONDON: Point = { latitude: 51.5074, longitude: -0.1278 };
const PARIS: Point = { latitude: 48.8566, longitude: 2.3522 };

/** The point `distanceKm` from `start` on the initial bearing `bearingDeg` (spherical Earth). */
function destination(start: Point, bearingDeg: number, distanceKm: number): Point {
  const rad = Math.PI / 180;
  const angular = distanceKm / EARTH_RADIUS_KM;
  const lat1 = start.latitude * rad;
  const lon1 = start.longitude * rad;
  const bearing = bearingDeg * rad;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
  );
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: lat2 / rad, longitude: ((((lon2 / rad + 540) % 360) + 360) % 360) - 180 };
}

describe('geo', () => {
  describe('greatCircleKm', () => {
    it('measures London to Paris as about 343.6 km, the same both ways', () => {
      expect(greatCircleKm(LONDON, PARIS)).toBeCloseTo(343.56, 1);
      expect(greatCircleKm(PARIS, LONDON)).toBeCloseTo(greatCircleKm(LONDON, PARIS), 9);
    });

    it('answers 0 for one point and half the circumference for antipodes', () => {
      expect(greatCircleKm(LONDON, LONDON)).toBe(0);
      const antipode = { latitude: -LONDON.latitude, longitude: LONDON.longitude + 180 };
      expect(greatCircleKm(LONDON, antipode)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
    });

    it('measures one degree of latitude as about 111.2 km anywhere', () => {
      expect(greatCircleKm({ latitude: 0, longitude: 10 }, { latitude: 1, longitude: 10 })).toBeCloseTo(
        111.195,
        2,
      );
      expect(greatCircleKm({ latitude: 60, longitude: 10 }, { latitude: 61, longitude: 10 })).toBeCloseTo(
        111.195,
        2,
      );
    });

    it('crosses the antimeridian the short way', () => {
      const west = { latitude: 0, longitude: 179.9 };
      const east = { latitude: 0, longitude: -179.9 };
      expect(greatCircleKm(west, east)).toBeCloseTo(22.24, 1);
    });
  });

  describe('boundingBox', () => {
    it('holds every point on the circle, in every direction', () => {
      for (const center of [
        LONDON,
        PARIS,
        { latitude: -33.87, longitude: 151.21 },
        { latitude: 0, longitude: 0 },
      ]) {
        for (const radiusKm of [0.1, 10, 500]) {
          const box = boundingBox(center, radiusKm);
          for (let bearing = 0; bearing < 360; bearing += 5) {
            const edge = destination(center, bearing, radiusKm * 0.999_999);
            expect(edge.latitude).toBeGreaterThanOrEqual(box.minLat);
            expect(edge.latitude).toBeLessThanOrEqual(box.maxLat);
            expect(edge.longitude).toBeGreaterThanOrEqual(box.minLon ?? -180);
            expect(edge.longitude).toBeLessThanOrEqual(box.maxLon ?? 180);
          }
        }
      }
    });

    it('is no wider than needed: points just outside each side are farther than the radius', () => {
      const box = boundingBox(LONDON, 10);
      const outside = [
        { latitude: box.maxLat + 0.001, longitude: LONDON.longitude },
        { latitude: box.minLat - 0.001, longitude: LONDON.longitude },
        { latitude: LONDON.latitude, longitude: (box.maxLon ?? 0) + 0.001 },
        { latitude: LONDON.latitude, longitude: (box.minLon ?? 0) - 0.001 },
      ];
      for (const point of outside) expect(greatCircleKm(LONDON, point)).toBeGreaterThan(10);
    });

    it('leaves longitude open when the circle reaches a pole', () => {
      const box = boundingBox({ latitude: 89.95, longitude: 20 }, 10);
      expect(box).toMatchObject({ maxLat: 90, minLon: null, maxLon: null });
      expect(boundingBox({ latitude: 0, longitude: 0 }, 20000)).toEqual({
        minLat: -90,
        maxLat: 90,
        minLon: null,
        maxLon: null,
      });
    });

    it('leaves longitude open when the circle crosses the antimeridian', () => {
      const box = boundingBox({ latitude: -17.7, longitude: 179.95 }, 20);
      expect(box.minLon).toBeNull();
      expect(box.maxLon).toBeNull();
      expect(box.minLat).toBeLessThan(-17.7);
    });
  });
});
