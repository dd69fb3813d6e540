import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE, type ReportKind, type TReportSummary } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/list-controls';
import { ReadError } from '../../../components/read-error';
import { notifySuccess } from '../../../components/toast';
import { formatExactTime, formatShortDateTime } from '../../../lib/relative-time';
import { ReportView } from './report-view';
import {
  REPORT_MESSAGES,
  useDeleteReportMutation,
  useGetReportQuery,
  useListMyReportsQuery,
} from './reports.api';

export const HISTORY_EMPTY_TEXT = 'Your reports will appear here';
export const REPORT_DELETED = 'Report deleted';

export const KIND_LABELS: Record<ReportKind, string> = {
  BASIC: 'Ready-made',
  ADVANCED: 'Question',
  SUPREME: 'Question',
  FORECAST: 'Forecast',
};

export const BACK_TO_LIST = 'Back to My reports';

/**
 * One stored report, opened from the list, with the way back to it above. The list's link that
 * opened it is gone, so focus starts on the way back (keyboard users are not dropped at the top
 * of the page).
 */
function OpenedReport({ id, onBack }: { id: string; onBack: () => void }) {
  const report = useGetReportQuery(id);
  let content;
  if (report.isLoading)
    content = (
      <Box role="status" aria-label="Loading the report">
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  else if (report.isError || !report.data)
    content = (
      <ReadError error={report.error} fallback={REPORT_MESSAGES.open} onRetry={() => void report.refetch()} />
    );
  else content = <ReportView report={report.data} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box>
        <Button size="small" startIcon={<ArrowBackIcon />} onClick={onBack} autoFocus>
          {BACK_TO_LIST}
        </Button>
      </Box>
      {content}
    </Box>
  );
}

/**
 * The signed-in user's reports, newest first, paged on the server: a click opens one as it was
 * answered; delete asks first. Only the author sees and deletes them (the server lists hers only).
 */
export function ReportHistory() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useListMyReportsQuery({ page, size });
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<TReportSummary | null>(null);
  const [deleteReport, deletion] = useDeleteReportMutation();
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  // The report whose link takes focus once the list shows it: the one just closed, or the
  // neighbour of the one just deleted (the links that had focus are gone).
  const [focusId, setFocusId] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (openId !== null || focusId === null) return;
    const link = listRef.current?.querySelector<HTMLElement>(`[data-report-id="${focusId}"]`);
    if (link) {
      link.focus();
      setFocusId(null);
    }
  }, [openId, focusId, list.data]);

  // The last report of the last page went: show the page before it (set while rendering, as
  // React allows for a component's own state, so the empty page never paints).
  const lastPage = list.data ? Math.max(0, list.data.totalPages - 1) : page;
  if (list.data !== undefined && !list.isFetching && page > lastPage) setPage(lastPage);

  if (openId)
    return (
      <OpenedReport
        id={openId}
        onBack={() => {
          setFocusId(openId);
          setOpenId(null);
        }}
      />
    );

  const confirmDelete = async () => {
    if (!toDelete) return;
    const rows = list.data?.content ?? [];
    const index = rows.findIndex((row) => row.id === toDelete.id);
    const neighbour = rows[index + 1] ?? rows[index - 1] ?? null;
    try {
      await deleteReport(toDelete.id).unwrap();
      setDeleteFailure(null);
      setFocusId(neighbour?.id ?? null);
      notifySuccess(REPORT_DELETED);
    } catch (error) {
      setDeleteFailure(getErrorMessage(error, REPORT_MESSAGES.delete));
    } finally {
      setToDelete(null);
    }
  };

  const columns: DataTableColumn<TReportSummary>[] = [
    {
      id: 'title',
      label: 'Report',
      render: (row) => (
        <Link
          component="button"
          type="button"
          underline="hover"
          data-report-id={row.id}
          onClick={() => setOpenId(row.id)}
          // The title names the report: it keeps a readable width beside a long question.
          sx={{ textAlign: 'left', fontWeight: 500, display: 'inline-block', minWidth: '12rem' }}
        >
          {row.title}
        </Link>
      ),
    },
    {
      id: 'question',
      label: 'Question',
      render: (row) => (
        <Typography
          variant="body2"
          color="text.secondary"
          title={row.question}
          // Two lines of a 500-character question are enough to find it again; the report holds the rest.
          sx={{
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflow: 'hidden',
          }}
        >
          {row.question}
        </Typography>
      ),
    },
    { id: 'kind', label: 'Kind', format: (kind) => KIND_LABELS[kind] },
    {
      id: 'generatedAt',
      label: 'Asked',
      render: (row) => (
        <Box
          component="time"
          dateTime={row.generatedAt}
          title={formatExactTime(row.generatedAt)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {formatShortDateTime(row.generatedAt)}
        </Box>
      ),
    },
    { id: 'actions', label: 'Actions' },
  ];

  const total = list.data?.totalElements;
  return (
    <Box ref={listRef} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {list.isError ? (
        <ReadError
          error={list.error}
          fallback={REPORT_MESSAGES.history}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {deleteFailure ? (
        <Alert severity="error" onClose={() => setDeleteFailure(null)}>
          {deleteFailure}
        </Alert>
      ) : null}
      <DataTable
        columns={columns}
        rows={list.data?.content ?? []}
        title={total === undefined ? 'My reports' : `My reports (${total})`}
        ariaLabel="My reports"
        isLoading={list.isFetching}
        getRowLabel={(row) => row.title}
        onDelete={setToDelete}
        isDense
        pagination={{
          page,
          rowsPerPage: size,
          totalCount: total ?? 0,
          onPageChange: setPage,
          onRowsPerPageChange: (next) => {
            setSize(next);
            setPage(0);
          },
        }}
        emptyContent={<EmptyState message={HISTORY_EMPTY_TEXT} />}
      />
      <ConfirmDialog
        open={toDelete !== null}
        message={
          <>
            Delete <strong>{toDelete?.title}</strong>? This cannot be undone: the report can no longer be
            opened or exported.
          </>
        }
        isDestructive
        isBusy={deletion.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Box>
  );
}
