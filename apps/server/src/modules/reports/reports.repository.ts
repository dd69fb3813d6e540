import type { TReport, TReportSummary } from '@app/contracts';
import type { TenantScope } from '../../platform/db/tenancy.js';

/** The stored reports of a business (`reports`, migration 0025). */

export type StoredReport = Omit<TReport, 'id' | 'reportId'> & { id: string };

type Row = {
  id: string;
  kind: TReport['kind'];
  title: string;
  question: string;
  body: Pick<TReport, 'summary' | 'tables' | 'charts' | 'followUps'>;
  provider: TReport['provider'];
  model: string | null;
  createdBy: string | null;
  generatedAt: Date;
};

const COLUMNS = `id, kind, title, question, body, provider, model, created_by as "createdBy", created_at as "generatedAt"`;

function toStored(row: Row): StoredReport {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    question: row.question,
    ...row.body,
    provider: row.provider,
    model: row.model,
    createdBy: row.createdBy,
    generatedAt: row.generatedAt.toISOString(),
  };
}

export async function insertReport(scope: TenantScope, report: StoredReport): Promise<StoredReport> {
  const {
    id,
    kind,
    title,
    question,
    summary,
    tables,
    charts,
    followUps,
    provider,
    model,
    createdBy,
    generatedAt,
  } = report;
  const result = await scope.tx.$client.query<Row>(
    `insert into reports (business_id, id, kind, title, question, body, provider, model, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     returning ${COLUMNS}`,
    [
      scope.businessId,
      id,
      kind,
      title,
      question,
      JSON.stringify({ summary, tables, charts, followUps }),
      provider,
      model,
      createdBy,
      generatedAt,
    ],
  );
  const row = result.rows[0];
  if (!row) throw new Error('the report was not stored');
  if (createdBy !== null) await trimHistory(scope, createdBy);
  return toStored(row);
}

/** A user keeps this many reports; asking one more drops the oldest (a history, not an archive). */
export const REPORTS_KEPT_PER_USER = 200;

async function trimHistory(scope: TenantScope, userId: string): Promise<void> {
  await scope.tx.$client.query({
    name: 'reports_trim',
    text: `delete from reports where business_id = $1 and created_by = $2 and id in (
             select id from reports where business_id = $1 and created_by = $2
             order by created_at desc, id desc offset $3)`,
    values: [scope.businessId, userId, REPORTS_KEPT_PER_USER],
  });
}

export async function findReport(scope: TenantScope, id: string): Promise<StoredReport | null> {
  const result = await scope.tx.$client.query<Row>({
    name: 'reports_find',
    text: `select ${COLUMNS} from reports where business_id = $1 and id = $2`,
    values: [scope.businessId, id],
  });
  const row = result.rows[0];
  return row ? toStored(row) : null;
}

/** A user's reports, newest first, with their total (one statement). */
export async function listReportsOf(
  scope: TenantScope,
  userId: string,
  page: { page: number; size: number },
): Promise<{ rows: Array<Omit<TReportSummary, 'reportId'>>; total: number }> {
  const result = await scope.tx.$client.query<
    Omit<TReportSummary, 'reportId' | 'generatedAt'> & { generatedAt: Date; total: number }
  >({
    name: 'reports_list',
    text: `select id, kind, title, question, provider, created_at as "generatedAt", count(*) over ()::int as total
           from reports where business_id = $1 and created_by = $2
           order by created_at desc, id desc limit $3 offset $4`,
    values: [scope.businessId, userId, page.size, page.page * page.size],
  });
  let total = result.rows[0]?.total;
  if (total === undefined && page.page > 0) {
    const counted = await scope.tx.$client.query<{ total: number }>(
      'select count(*)::int as total from reports where business_id = $1 and created_by = $2',
      [scope.businessId, userId],
    );
    total = counted.rows[0]?.total;
  }
  return {
    rows: result.rows.map(({ total: _total, generatedAt, ...row }) => ({
      ...row,
      generatedAt: generatedAt.toISOString(),
    })),
    total: total ?? 0,
  };
}

/** Deletes a report of its author; false when there is none. */
export async function deleteReportOf(scope: TenantScope, id: string, userId: string): Promise<boolean> {
  const result = await scope.tx.$client.query(
    'delete from reports where business_id = $1 and id = $2 and created_by = $3',
    [scope.businessId, id, userId],
  );
  return (result.rowCount ?? 0) > 0;
}
