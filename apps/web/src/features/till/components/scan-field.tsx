import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { KeyboardEvent, Ref } from 'react';
import { SCAN_LABEL } from '../messages';

type ScanFieldProps = {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (text: string) => void;
  /** Enter: the trimmed code. A scanner types the code and presses Enter itself. */
  onScan: (code: string) => void;
  error: string | null;
  isLooking: boolean;
  disabled?: boolean;
};

export const SCAN_HINT = 'Press Enter to add it; the same code again adds one more.';

/** The till's entry: a barcode scanner is a keyboard, so the field reads what it types and its Enter. */
export function ScanField({ inputRef, value, onChange, onScan, error, isLooking, disabled }: ScanFieldProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Ctrl+Enter records the sale (the till listens for it); a plain Enter adds the code.
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const code = value.trim();
    if (code !== '') onScan(code);
  };

  return (
    <TextField
      inputRef={inputRef}
      label={SCAN_LABEL}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      error={error !== null}
      helperText={error ?? SCAN_HINT}
      disabled={disabled}
      fullWidth
      autoFocus
      slotProps={{
        htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 64, 'aria-keyshortcuts': 'Enter' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <QrCodeScannerIcon aria-hidden="true" />
            </InputAdornment>
          ),
          endAdornment: isLooking ? (
            <InputAdornment position="end">
              <CircularProgress size={20} aria-label="Looking up the product" />
            </InputAdornment>
          ) : null,
        },
      }}
    />
  );
}
