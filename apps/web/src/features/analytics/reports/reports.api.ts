import {
  API,
  type TAdvancedReportRequest,
  type TBasicReportQuery,
  type TExportReportQuery,
  type TPage,
  type TReport,
  type TReportFilter,
  type TReportSummary,
} from '@app/contracts';
import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { baseApi, sessionBaseQuery } from '../../../api/base-api';
import { fillPath, readBody, sendKeepingDetails } from '../../../api/request-details';
import { fileNameFrom, saveBlob } from '../../../lib/save-file';

/**
 * The reports calls (001 section 7, "AI reports"; issue 14). Every answer is stored on the server
 * (it shows in the history, and export reads it by id), so asking is a mutation, never a cached
 * query: a remount or a refetch must not store the same report again. A refused plan opens
 * 'Feature Locked' in base-api.
 */

/** 001 section 8, AI reports; the history's own reads have no text there and say what failed. */
export const REPORT_MESSAGES = {
  basic: 'Failed to fetch basic report',
  advanced: 'Failed to fetch advanced AI report',
  supreme: 'Failed to fetch supreme AI report',
  forecast: 'Failed to fetch forecast report',
  export: 'Failed to export report',
  history: 'Failed to fetch your reports',
  open: 'Failed to fetch the report',
  delete: 'Failed to delete the report',
} as const;

const SERVICE = 'analytics' as const;
const REPORT_LIST = { type: 'Report' as const, id: 'LIST' };
/** A new report joins the history; a refused one does not. */
const addsToHistory = (report: unknown) => (report ? [REPORT_LIST] : []);

export type ReportsListArgs = { page: number; size: number };
export type SupremeQuestion = { query: string; filter?: TReportFilter };
export type ForecastRequest = { forecastPeriod: number; filter?: TReportFilter };

/** The body of the calls that take `{filter}`: none at all when nothing narrows the report. */
function filterBody(filter: TReportFilter | undefined): { filter?: TReportFilter } {
  return filter && Object.keys(filter).length > 0 ? { filter } : {};
}

/**
 * A question keeps the `details` of its refusal: a question the analyst does not understand
 * answers 422 with `details.examples`, which the Ask box offers as chips.
 */
async function askKeepingDetails(api: BaseQueryApi, args: FetchArgs, fallbackMessage: string) {
  const result = await sendKeepingDetails(api, args, { service: SERVICE, fallbackMessage });
  return 'error' in result && result.error ? { error: result.error } : { data: result.data as TReport };
}

export const reportsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Report'] }).injectEndpoints({
  endpoints: (build) => ({
    /** One of the predefined reports, for the business or one store (every plan with analytics). */
    runBasicReport: build.mutation<TReport, TBasicReportQuery>({
      query: (params) => ({ url: API.reports.basic, params }),
      extraOptions: { service: SERVICE, fallbackMessage: REPORT_MESSAGES.basic },
      invalidatesTags: addsToHistory,
    }),
    /** AI_REPORT: a question in plain English. */
    askAdvancedReport: build.mutation<TReport, TAdvancedReportRequest>({
      queryFn: (body, api) =>
        askKeepingDetails(
          api,
          { url: API.reports.advancedAi, method: 'POST', body },
          REPORT_MESSAGES.advanced,
        ),
      invalidatesTags: addsToHistory,
    }),
    /** ANALYTICS_SUPREME: the question in the query, forecasts included. */
    askSupremeReport: build.mutation<TReport, SupremeQuestion>({
      queryFn: ({ query, filter }, api) =>
        askKeepingDetails(
          api,
          { url: API.reports.supremeAi, method: 'POST', params: { query }, body: filterBody(filter) },
          REPORT_MESSAGES.supreme,
        ),
      invalidatesTags: addsToHistory,
    }),
    /** FORECAST: the business, a store (`filter.storeId`) or a product (`filter.productId`). */
    predictDemand: build.mutation<TReport, ForecastRequest>({
      query: ({ forecastPeriod, filter }) => ({
        url: API.reports.predict,
        method: 'POST',
        params: { forecastPeriod },
        body: filterBody(filter),
      }),
      extraOptions: { service: SERVICE, fallbackMessage: REPORT_MESSAGES.forecast },
      invalidatesTags: addsToHistory,
    }),
    /** EXPORT: the stored report as a file, saved as it arrives so no Blob enters the store. */
    exportReport: build.mutation<{ fileName: string }, TExportReportQuery>({
      queryFn: async (params, api) => {
        const result = await sessionBaseQuery(
          {
            url: API.reports.exportFinal,
            params,
            responseHandler: (response) => (response.ok ? response.blob() : readBody(response)),
          },
          api,
          { service: SERVICE, fallbackMessage: REPORT_MESSAGES.export },
        );
        if (result.error) return { error: result.error };
        const fileName = fileNameFrom(
          result.meta?.response?.headers.get('Content-Disposition'),
          `report.${params.format}`,
        );
        saveBlob(result.data as Blob, fileName);
        return { data: { fileName } };
      },
    }),
    /** The signed-in user's reports, newest first. */
    listMyReports: build.query<TPage<TReportSummary>, ReportsListArgs>({
      query: (params) => ({ url: API.reports.root, params }),
      extraOptions: { service: SERVICE, fallbackMessage: REPORT_MESSAGES.history },
      providesTags: [REPORT_LIST],
    }),
    getReport: build.query<TReport, string>({
      query: (id) => fillPath(API.reports.byId, { id }),
      extraOptions: { service: SERVICE, fallbackMessage: REPORT_MESSAGES.open },
      providesTags: (_report, _error, id) => [{ type: 'Report', id }],
    }),
    deleteReport: build.mutation<null, string>({
      query: (id) => ({ url: fillPath(API.reports.byId, { id }), method: 'DELETE' }),
      extraOptions: { service: SERVICE, fallbackMessage: REPORT_MESSAGES.delete },
      // Only the list: an open copy of the report stays on screen rather than refetch into a 404.
      invalidatesTags: (_result, error) => (error ? [] : [REPORT_LIST]),
    }),
  }),
});

export const {
  useRunBasicReportMutation,
  useAskAdvancedReportMutation,
  useAskSupremeReportMutation,
  usePredictDemandMutation,
  useExportReportMutation,
  useListMyReportsQuery,
  useGetReportQuery,
  useDeleteReportMutation,
} = reportsApi;
