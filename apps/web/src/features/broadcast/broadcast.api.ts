import { API, type TAlert, type TAlertRequest } from '@app/contracts';
import { ALERT_TAG } from '../../api/alerts.api';
import { baseApi } from '../../api/base-api';
import { BROADCAST_ERRORS } from './messages';

const byId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/**
 * Broadcasts (001 section 7, alerts): the sent lists (the whole business's, or one store's) with
 * their read counts, and sending, replacing and deleting. Every change invalidates the alerts'
 * tag, so the sent list, the bell and the inbox follow (the sender may be in the audience).
 * Sending and replacing need the plan's BROADCAST_ALERTS: the base API opens "Feature Locked".
 */
export const broadcastApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listBusinessAlerts: build.query<TAlert[], void>({
      query: () => API.alerts.business,
      extraOptions: { fallbackMessage: BROADCAST_ERRORS.list, service: 'analytics' },
      providesTags: [ALERT_TAG],
    }),
    listStoreAlerts: build.query<TAlert[], string>({
      query: (storeId) => byId(API.alerts.byId, storeId),
      extraOptions: { fallbackMessage: BROADCAST_ERRORS.list, service: 'analytics' },
      providesTags: [ALERT_TAG],
    }),
    // No fallback text: the toast reads 'Failed to send broadcast: {reason}' around the reason.
    createBroadcast: build.mutation<TAlert, TAlertRequest>({
      query: (body) => ({ url: API.alerts.root, method: 'POST', body }),
      extraOptions: { service: 'analytics' },
      invalidatesTags: [ALERT_TAG],
    }),
    updateBroadcast: build.mutation<TAlert, { id: string; body: TAlertRequest }>({
      query: ({ id, body }) => ({ url: byId(API.alerts.byId, id), method: 'PUT', body }),
      extraOptions: { service: 'analytics' },
      invalidatesTags: [ALERT_TAG],
    }),
    deleteBroadcast: build.mutation<void, string>({
      query: (id) => ({ url: byId(API.alerts.byId, id), method: 'DELETE' }),
      extraOptions: { fallbackMessage: BROADCAST_ERRORS.delete, service: 'analytics' },
      invalidatesTags: [ALERT_TAG],
    }),
  }),
});

export const {
  useListBusinessAlertsQuery,
  useListStoreAlertsQuery,
  useCreateBroadcastMutation,
  useUpdateBroadcastMutation,
  useDeleteBroadcastMutation,
} = broadcastApi;
