import { useCallback, useRef } from 'react';

/** The header of DESIGN 13: a retry with the same key and body changes nothing twice. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh key: crypto.randomUUID where the browser has it (secure contexts only), else a v4 UUID. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per user action: sending the same thing again (a retry after a lost answer, a second
 * click) reuses the key, so the server applies it once; anything changed is a new action with a
 * new key (the server answers 422 to a key reused for another body). `done()` after a success:
 * the next send, even of the same values, is a new action.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);

  const keyFor = useCallback((action: unknown): string => {
    const fingerprint = JSON.stringify(action);
    if (current.current?.fingerprint !== fingerprint) {
      current.current = { fingerprint, key: newIdempotencyKey() };
    }
    return current.current.key;
  }, []);

  const done = useCallback(() => {
    current.current = null;
  }, []);

  return { keyFor, done };
}
