import { useCallback, useRef } from 'react';

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts (https, localhost); a LAN address over http has
  // getRandomValues alone.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of one user action (DESIGN 13). Sending the same request again (a retry
 * after a lost answer or a failure) reuses its key, so the server answers the first answer and
 * moves no stock twice; a changed request gets a new key, since the server answers 422 to a key
 * reused for another request. `settle()` after a success: the next action is a new one.
 */
export function useIdempotencyKey() {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);

  const keyFor = useCallback((request: unknown): string => {
    const fingerprint = JSON.stringify(request);
    if (last.current?.fingerprint !== fingerprint) last.current = { fingerprint, key: randomUuid() };
    return last.current.key;
  }, []);

  const settle = useCallback(() => {
    last.current = null;
  }, []);

  return { keyFor, settle };
}
