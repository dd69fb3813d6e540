import type { ReportExportFormat } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant } from '../../platform/db/tenancy.js';
import { reportHeaderOfBusiness, planOfBusiness } from '../access/businesses.service.js';
import { assertFeature } from '../plans/plans.service.js';
import { renderReportCsv } from './export/report-csv.js';
import { reportFileName } from './export/report-file-name.js';
import { renderReportPdf } from './export/report-pdf.js';
import { renderReportXlsx } from './export/report-xlsx.js';
import type { ReportsDeps } from './reports.deps.js';
import { requireReport } from './reports.service.js';

export const REPORT_CONTENT_TYPES: Record<ReportExportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * `GET /reports/export/final` (EXPORT): a stored report as a file. The report is read in a short
 * transaction and rendered after it, so a long PDF holds no connection.
 */
export async function exportReport(
  deps: ReportsDeps,
  principal: Principal,
  query: { reportId: string; format: ReportExportFormat },
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const { stored, header } = await inTenant(deps.db, principal, async (scope) => {
    assertFeature(await planOfBusiness(scope, { lock: false }), 'EXPORT');
    return {
      stored: await requireReport(scope, query.reportId),
      header: await reportHeaderOfBusiness(scope),
    };
  });
  const report = { ...stored, reportId: stored.id };
  const options = { businessName: header.businessName, timeZone: header.timeZone };
  const body =
    query.format === 'pdf'
      ? await renderReportPdf(report, options)
      : query.format === 'xlsx'
        ? await renderReportXlsx(report, options)
        : renderReportCsv(report);
  return {
    body,
    contentType: REPORT_CONTENT_TYPES[query.format],
    fileName: reportFileName(report, header.timeZone, query.format),
  };
}
