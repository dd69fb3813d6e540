/**
 * Great-circle distances for `GET /api/stores/nearby`. The query computes the distance in SQL with
 * the same haversine formula (stores.repository.ts); the box below lets it skip, by latitude and
 * longitude ranges, stores that cannot be within the radius before computing any distance.
 */

/** The mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

export type Point = { latitude: number; longitude: number };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Haversine distance between two points, km. */
export function greatCircleKm(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Latitude and longitude ranges that hold every point within `radiusKm` of `center`. Longitude is
 * left open (null) when the circle reaches a pole or crosses the antimeridian, where one range
 * cannot describe it.
 */
export function boundingBox(
  center: Point,
  radiusKm: number,
): { minLat: number; maxLat: number; minLon: number | null; maxLon: number | null } {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const minLat = center.latitude - toDegrees(angular);
  const maxLat = center.latitude + toDegrees(angular);
  if (minLat <= -90 || maxLat >= 90) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLon: null, maxLon: null };
  }
  // The widest longitude offset on the circle, reached north or south of the centre's latitude.
  const dLon = toDegrees(Math.asin(Math.sin(angular) / Math.cos(toRadians(center.latitude))));
  const minLon = center.longitude - dLon;
  const maxLon = center.longitude + dLon;
  if (minLon < -180 || maxLon > 180) return { minLat, maxLat, minLon: null, maxLon: null };
  return { minLat, maxLat, minLon, maxLon };
}
