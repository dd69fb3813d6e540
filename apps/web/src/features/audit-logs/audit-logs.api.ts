import {
  API,
  type AuditEventType,
  type TAuditEntry,
  type TAuditExportQuery,
  type TAuditListQuery,
  type TPage,
  type TUserSuggestionPage,
} from '@app/contracts';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { baseApi, sessionBaseQuery } from '../../api/base-api';
import { fileNameFrom, saveBlob } from '../../lib/save-file';
import { AUDIT_FALLBACK_REASON } from './messages';
import { fillPath } from '../../api/request-details';

/** The query of GET /api/audit with its page as numbers (the contract's input is coerced). */
export type AuditListArgs = Omit<TAuditListQuery, 'page' | 'size'> & { page: number; size: number };

export type UserLogsArgs = { userId: string; eventType?: AuditEventType; page: number; size: number };

/** Query parameters without the absent ones, as strings. */
function toParams(query: Record<string, string | number | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params[key] = String(value);
  return params;
}

const options = { fallbackMessage: AUDIT_FALLBACK_REASON, service: 'audit' } as const;

export const auditLogsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Members whose e-mail contains the text (at least two characters), for the autocomplete. */
    searchUserSuggestions: build.query<TUserSuggestionPage, string>({
      query: (partialEmail) => ({
        url: API.users.search,
        params: { partialEmail, page: 0, size: 10 },
      }),
      extraOptions: { fallbackMessage: AUDIT_FALLBACK_REASON },
      // 000 section 2: suggestions are cleared when leaving the screen, so none outlive it.
      keepUnusedDataFor: 0,
    }),
    /** One user's entries, of one event type or all, newest first. */
    listUserAuditLogs: build.query<TPage<TAuditEntry>, UserLogsArgs>({
      query: ({ userId, eventType, page, size }) => ({
        url: eventType
          ? fillPath(API.audit.byUserAndEvent, { userId, eventType })
          : fillPath(API.audit.byUser, { userId }),
        params: { page, size },
      }),
      extraOptions: options,
      providesTags: ['AuditLog'],
    }),
    /** Every user's entries, with the optional filters, newest first. */
    listAuditLogs: build.query<TPage<TAuditEntry>, AuditListArgs>({
      query: (query) => ({ url: API.audit.root, params: toParams(query) }),
      extraOptions: options,
      providesTags: ['AuditLog'],
    }),
    /** The entries of the filters as a file, saved as it arrives: the Blob never enters the store. */
    exportAuditLogs: build.mutation<{ fileName: string }, TAuditExportQuery>({
      queryFn: async (query, api) => {
        const args: FetchArgs = {
          url: API.audit.export,
          params: toParams({ format: 'csv', ...query }),
          responseHandler: (response) => (response.ok ? response.blob() : response.json().catch(() => null)),
        };
        const result = await sessionBaseQuery(args, api, options);
        if (result.error) return { error: result.error };
        const fileName = fileNameFrom(
          result.meta?.response?.headers.get('Content-Disposition'),
          'audit-log.csv',
        );
        saveBlob(result.data as Blob, fileName);
        return { data: { fileName } };
      },
    }),
  }),
});

export const {
  useSearchUserSuggestionsQuery,
  useListUserAuditLogsQuery,
  useListAuditLogsQuery,
  useExportAuditLogsMutation,
} = auditLogsApi;
