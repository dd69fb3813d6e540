import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { getErrorMessage } from '../../../api/api-error';
import { notifyError, notifySuccess } from '../../../components/toast';
import { useExportAuditLogsMutation } from '../audit-logs.api';
import { AUDIT_FALLBACK_REASON, AUDIT_SUCCESS, logsErrorText } from '../messages';
import { isPlanLocked } from '../plan-lock';
import type { AllLogsFilters } from '../use-all-logs-filters';

/** Downloads the entries of the all-users filters as CSV (GET /api/audit/export). */
export function ExportButton({ filters, disabled }: { filters: AllLogsFilters; disabled: boolean }) {
  const [exportLogs, exportState] = useExportAuditLogsMutation();
  const download = async () => {
    try {
      await exportLogs({ format: 'csv', ...filters }).unwrap();
      notifySuccess(AUDIT_SUCCESS.export);
    } catch (error) {
      // A plan refusal opened "Feature Locked" already.
      if (!isPlanLocked(error)) notifyError(logsErrorText(getErrorMessage(error, AUDIT_FALLBACK_REASON)));
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={() => void download()}
      disabled={disabled || exportState.isLoading}
    >
      {exportState.isLoading ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
