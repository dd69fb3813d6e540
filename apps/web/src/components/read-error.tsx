import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { getErrorMessage } from '../api/api-error';

type ReadErrorProps = {
  /** The failed read, as its query hook gives it. */
  error: unknown;
  /** The specification's text for the read, when the server says nothing (001 section 8). */
  fallback: string;
  onRetry: () => void;
  sx?: SxProps<Theme>;
};

/** A read that failed: the server's message, else the read's fallback, with Retry. */
export function ReadError({ error, fallback, onRetry, sx }: ReadErrorProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {getErrorMessage(error, fallback)}
    </Alert>
  );
}
