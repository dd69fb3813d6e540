import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReportExportFormat } from '@app/contracts';
import { useId, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { isPlanLocked } from '../components/analytics-state';
import { REPORT_MESSAGES, useExportReportMutation } from './reports.api';

export const EXPORT_FORMATS: readonly { format: ReportExportFormat; label: string }[] = [
  { format: 'pdf', label: 'PDF' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'csv', label: 'CSV' },
];

type ExportFailureProps = { message: string; onClose: () => void };

/**
 * A failed export, inside the report it belongs to. The server's own words ("Internal server
 * error", "Cannot reach the server") do not say what failed, so 'Failed to export report' heads
 * them; alone it is the whole message.
 */
export function ExportFailure({ message, onClose }: ExportFailureProps) {
  const hasOwnWords = message !== REPORT_MESSAGES.export;
  return (
    <Alert severity="error" onClose={onClose}>
      {hasOwnWords ? <AlertTitle>{REPORT_MESSAGES.export}</AlertTitle> : null}
      {message}
    </Alert>
  );
}

type ExportMenuProps = {
  reportId: string;
  /** A failed export, in words (the server's, else 'Failed to export report'); null once one works. */
  onResult: (failure: string | null) => void;
};

/**
 * Export (EXPORT, Advanced plan and above): the stored report as PDF, Excel or CSV, named by the
 * server. A plan without it is refused by the server, and base-api opens 'Feature Locked' for the
 * refusal, so no error is shown beside the dialog.
 */
export function ExportMenu({ reportId, onResult }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [exportReport, { isLoading }] = useExportReportMutation();
  const buttonId = useId();
  const menuId = useId();

  const download = async (format: ReportExportFormat) => {
    setAnchor(null);
    if (isLoading) return;
    try {
      await exportReport({ reportId, format }).unwrap();
      onResult(null);
    } catch (error) {
      onResult(isPlanLocked(error) ? null : getErrorMessage(error, REPORT_MESSAGES.export));
    }
  };

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        size="small"
        startIcon={<FileDownloadOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        // Not `disabled`: the menu hands focus back to this button as the file is fetched, and a
        // disabled button drops it to the page's top. It says it is busy and ignores clicks instead.
        aria-disabled={isLoading || undefined}
        onClick={(event) => {
          if (!isLoading) setAnchor(event.currentTarget);
        }}
      >
        {isLoading ? 'Exporting…' : 'Export'}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {EXPORT_FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
