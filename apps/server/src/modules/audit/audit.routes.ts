import {
  API,
  AUDIT_EXPORT_MAX_ROWS,
  CSV_CONTENT_TYPE,
  XLSX_CONTENT_TYPE,
  ZAuditEventParams,
  ZAuditExportQuery,
  ZAuditListQuery,
  ZAuditPage,
  ZAuditQuery,
  ZAuditUserEventParams,
  ZAuditUserParams,
  ZErrorBody,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../platform/auth/guard.js';
import { sendSpreadsheet, SPREADSHEET_DOWNLOAD_RESPONSES } from '../../platform/files/spreadsheet-http.js';
import type { AuditDeps } from './audit.deps.js';
import { listAuditEntries, listAuditEntriesForExport } from './audit-reads.service.js';
import { AUDIT_SHEET_HEADERS, auditFileName, auditSheetRows } from './audit-sheet.js';

const TAGS = ['audit'];
const ACCESS = { access: { permission: 'audit:read' as const } };
const LIST_RESPONSES = { 200: ZAuditPage, 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const COMMON =
  'Newest first, paged (`page` from 0, `size` up to 100), optionally within `from` (inclusive) and ' +
  '`to` (exclusive), ISO-8601 instants. Needs the audit log of the plan (403 with X-Plan-Violation ' +
  'on a plan without it). A user who is not one of this business answers 404.';

/**
 * The audit log, read-only: there is no route that changes or deletes an entry (000 section 7,
 * Audit, under /api/audit; DESIGN 3), plus the all-users view and the export of DESIGN 13.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ deps: AuditDeps }> = async (app, { deps }) => {
  app.get(
    API.audit.root,
    {
      config: ACCESS,
      schema: {
        tags: TAGS,
        operationId: 'listAuditEntries',
        summary: "Every user's audit entries, optionally of one user and one event type",
        description: `${COMMON} Each entry carries the user's e-mail address.`,
        querystring: ZAuditListQuery,
        response: LIST_RESPONSES,
      },
    },
    async (request) => listAuditEntries(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.audit.byUser,
    {
      config: ACCESS,
      schema: {
        tags: TAGS,
        operationId: 'listUserAuditEntries',
        summary: "A user's audit entries",
        description: COMMON,
        params: ZAuditUserParams,
        querystring: ZAuditQuery,
        response: LIST_RESPONSES,
      },
    },
    async (request) =>
      listAuditEntries(deps, requirePrincipal(request.principal), { ...request.query, ...request.params }),
  );

  app.get(
    API.audit.byUserAndEvent,
    {
      config: ACCESS,
      schema: {
        tags: TAGS,
        operationId: 'listUserAuditEntriesOfEvent',
        summary: "A user's audit entries of one event type",
        description: `${COMMON} An unknown event type answers 400.`,
        params: ZAuditUserEventParams,
        querystring: ZAuditQuery,
        response: LIST_RESPONSES,
      },
    },
    async (request) =>
      listAuditEntries(deps, requirePrincipal(request.principal), { ...request.query, ...request.params }),
  );

  app.get(
    API.audit.byEvent,
    {
      config: ACCESS,
      schema: {
        tags: TAGS,
        operationId: 'listAuditEntriesOfEvent',
        summary: 'The audit entries of one event type, of every user',
        description: `${COMMON} An unknown event type answers 400.`,
        params: ZAuditEventParams,
        querystring: ZAuditQuery,
        response: LIST_RESPONSES,
      },
    },
    async (request) =>
      listAuditEntries(deps, requirePrincipal(request.principal), { ...request.query, ...request.params }),
  );

  app.get(
    API.audit.export,
    {
      config: ACCESS,
      schema: {
        tags: TAGS,
        operationId: 'exportAuditEntries',
        summary: 'The audit entries of a search as a CSV or XLSX download',
        description:
          `The filters of GET ${API.audit.root}, newest first, with the columns ${AUDIT_SHEET_HEADERS.join(', ')}; ` +
          "times in the business's time zone with their offset. At most " +
          `${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en')} entries: a larger search answers 400 asking for a shorter range.`,
        querystring: ZAuditExportQuery,
        produces: [CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, 'application/json'],
        response: { ...SPREADSHEET_DOWNLOAD_RESPONSES, 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { format, ...search } = request.query;
      const { rows, timeZone } = await listAuditEntriesForExport(
        deps,
        requirePrincipal(request.principal),
        search,
      );
      return sendSpreadsheet(
        reply,
        format === 'xlsx' ? 'excel' : 'csv',
        auditFileName(deps.clock.now(), timeZone, format),
        {
          headers: AUDIT_SHEET_HEADERS,
          rows: auditSheetRows(rows, timeZone),
          sheetName: 'Audit log',
        },
      );
    },
  );
};
