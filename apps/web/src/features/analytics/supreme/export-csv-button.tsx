import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';

/** The one way out of a table into a spreadsheet: the table as shown, as CSV. */
export function ExportCsvButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} disabled={disabled} onClick={onClick}>
      Export CSV
    </Button>
  );
}
