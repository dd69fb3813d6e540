import type { TLocation } from '@app/contracts';

/** "1 Quay Road, Leeds, LS1 4AP, United Kingdom": the address parts there are. */
export function formatAddress(location: TLocation): string {
  return [location.street, location.city, location.state, location.zipCode, location.country]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

export function formatCoordinates(location: Pick<TLocation, 'latitude' | 'longitude'>): string | null {
  if (location.latitude === null || location.longitude === null) return null;
  return `${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)}`;
}

export const USAGE_LABELS: Record<NonNullable<TLocation['usedBy']>, string> = {
  STORE: 'Store',
  WAREHOUSE: 'Warehouse',
};

/** Distance as people read it: metres below 1 km, else km with one or two decimals. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  return `${km.toLocaleString(undefined, { maximumFractionDigits: km < 10 ? 2 : 1 })} km`;
}
