import type { TStore } from '@app/contracts';
import { useCallback, useState } from 'react';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import { selectSessionUser } from '../../session/session.slice';
import { TILL_MESSAGES } from './messages';
import { useListTillStoresQuery } from './till.api';

/** The till's store is remembered per user on this device (DESIGN 13): two cashiers keep their own. */
export function tillStoreKeyOf(userId: string): string {
  return `tillStore:${userId}`;
}

function readChoice(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const NO_STORES: readonly TStore[] = [];

/** The business's active stores and the one the till sells at: the remembered one while it is active, else the first. */
export function useTillStore() {
  const userId = useSelector(selectSessionUser)?.userId ?? '';
  const key = tillStoreKeyOf(userId);
  const query = useListTillStoresQuery();
  const [chosen, setChosen] = useState(() => ({ key, storeId: readChoice(key) }));
  const chosenId = chosen.key === key ? chosen.storeId : readChoice(key);

  const stores = query.data ?? NO_STORES;
  const store = stores.find((candidate) => candidate.id === chosenId) ?? stores[0] ?? null;

  const select = useCallback(
    (storeId: string) => {
      setChosen({ key, storeId });
      try {
        window.localStorage.setItem(key, storeId);
      } catch {
        // Storage refused (private mode): remembered for this visit only.
      }
    },
    [key],
  );

  return {
    stores,
    store,
    select,
    isLoading: query.isLoading,
    error: query.isError ? getErrorMessage(query.error, TILL_MESSAGES.stores) : null,
    refetch: query.refetch,
    isEmpty: query.isSuccess && stores.length === 0,
  };
}

export type TillStoreChoice = ReturnType<typeof useTillStore>;
