import type { TStore } from '@app/contracts';
import { useCallback, useState } from 'react';

/** The store last picked on this screen is remembered per user on this device (DESIGN 13). */
export function storeChoiceKey(userId: string): string {
  return `carryingContainerStore:${userId}`;
}

function readChoice(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The picked store among the given ones: the remembered one while it is still there, else the
 * first; null while there are none.
 */
export function useRememberedStore(
  stores: readonly TStore[] | undefined,
  userId: string,
): [TStore | null, (storeId: string) => void] {
  const key = storeChoiceKey(userId);
  const [choice, setChoice] = useState(() => readChoice(key));
  const pick = useCallback(
    (storeId: string) => {
      setChoice(storeId);
      try {
        window.localStorage.setItem(key, storeId);
      } catch {
        // Storage refused (private mode): remembered for this visit only.
      }
    },
    [key],
  );
  const store = stores?.find((candidate) => candidate.id === choice) ?? stores?.[0] ?? null;
  return [store, pick];
}
