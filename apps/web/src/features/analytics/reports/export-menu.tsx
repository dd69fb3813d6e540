import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
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
        disabled={isLoading}
        onClick={(event) => setAnchor(event.currentTarget)}
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
