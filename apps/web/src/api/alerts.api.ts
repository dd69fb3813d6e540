import {
  API,
  type TAnalyticsChoices,
  type TInboxPage,
  type TInboxQuery,
  type TReadAllResult,
} from '@app/contracts';
import { baseApi } from './base-api';

/**
 * The signed-in user's alerts (issue 13), shared by the top bar's bell and the Communications
 * screen (a feature never imports another): the inbox with its unread count, marking read, and
 * the stores the screens filter and address by. Broadcasts themselves are written by
 * features/broadcast, whose changes invalidate the same tag.
 */

/** Fallback texts: 001 section 8 names none for these calls. */
export const ALERT_MESSAGES = {
  inbox: 'Failed to fetch alerts',
  read: 'Failed to mark the alert read',
  readAll: 'Failed to mark the alerts read',
  stores: 'Failed to fetch stores',
} as const;

/** Every alert read carries it; every alert change (and every event of the live stream) invalidates it. */
export const ALERT_TAG = { type: 'Alert' as const, id: 'LIST' };

export type AlertStore = { id: string; name: string; active: boolean };

const byId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** The inbox query as the server reads it: `unread=true` only when asked, no empty filters. */
export function toInboxParams(query: TInboxQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'unread' && value !== 'true') continue;
    params[key] = value as string | number;
  }
  return params;
}

type Draft = { content: TInboxPage['content']; unread: number };

/** The unread count goes down for an alert that counted: unread and still open. */
function markInDraft(draft: Draft, id: string | null): void {
  for (const alert of draft.content) {
    if (alert.read || (id !== null && alert.id !== id)) continue;
    alert.read = true;
    if (id !== null && !alert.resolvedAt) draft.unread = Math.max(0, draft.unread - 1);
  }
  if (id === null) draft.unread = 0;
}

export const alertsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page of her alerts, newest first, and how many open ones she has not read (the bell's count). */
    listInbox: build.query<TInboxPage, TInboxQuery>({
      query: (query) => ({ url: API.alerts.inbox, params: toInboxParams(query) }),
      extraOptions: { fallbackMessage: ALERT_MESSAGES.inbox, service: 'analytics' },
      providesTags: [ALERT_TAG],
    }),
    markAlertRead: build.mutation<void, string>({
      query: (id) => ({ url: byId(API.alerts.read, id), method: 'POST' }),
      extraOptions: { fallbackMessage: ALERT_MESSAGES.read, service: 'analytics' },
      // The bell and the list show it read at once; the answer's refetch corrects the rest
      // (an unread-only page, the sent list's read count).
      async onQueryStarted(id, api) {
        const patches = patchEveryInbox(
          api.dispatch,
          () => api.getState(),
          (draft) => markInDraft(draft, id),
        );
        try {
          await api.queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: [ALERT_TAG],
    }),
    markAllAlertsRead: build.mutation<TReadAllResult, void>({
      query: () => ({ url: API.alerts.readAll, method: 'POST' }),
      extraOptions: { fallbackMessage: ALERT_MESSAGES.readAll, service: 'analytics' },
      async onQueryStarted(_arg, api) {
        const patches = patchEveryInbox(
          api.dispatch,
          () => api.getState(),
          (draft) => markInDraft(draft, null),
        );
        try {
          await api.queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: [ALERT_TAG],
    }),
    /**
     * The business's stores, for the store filter and the audience picker. From the analytics
     * API's choices (analytics:read): the analytics roles, who write broadcasts, read no catalogue.
     */
    listAlertStores: build.query<AlertStore[], void>({
      query: () => API.salesAnalytics.choices,
      transformResponse: (choices: TAnalyticsChoices) =>
        choices.stores.map(({ id, name, active }) => ({ id, name, active })),
      extraOptions: { fallbackMessage: ALERT_MESSAGES.stores, service: 'sales' },
      providesTags: ['Store'],
    }),
  }),
});

type PatchResult = { undo: () => void };

type InboxPatch = ReturnType<typeof alertsApi.util.updateQueryData>;

function patchEveryInbox(
  dispatch: (patch: InboxPatch) => PatchResult,
  getState: () => unknown,
  recipe: (draft: Draft) => void,
): PatchResult[] {
  const state = getState() as Parameters<typeof alertsApi.util.selectCachedArgsForQuery>[0];
  return alertsApi.util
    .selectCachedArgsForQuery(state, 'listInbox')
    .map((args) => dispatch(alertsApi.util.updateQueryData('listInbox', args, recipe)));
}

export const {
  useListInboxQuery,
  useMarkAlertReadMutation,
  useMarkAllAlertsReadMutation,
  useListAlertStoresQuery,
} = alertsApi;
