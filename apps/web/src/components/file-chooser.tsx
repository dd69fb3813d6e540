import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, type ChangeEvent } from 'react';

/** Default types of the generic chooser (000 section 5). */
export const DEFAULT_FILE_ACCEPT = ['image/jpeg', 'image/png', 'application/pdf'] as const;

type FileChooserProps = {
  /** The chosen file; the chooser is controlled. */
  file: File | null;
  onChange: (file: File | null) => void;
  accept?: readonly string[];
  /** Accessible name of the file input, e.g. "Business logo". */
  label?: string;
  /** The input's name: a form finds the field of a server error ("logo") by it. */
  name?: string;
  buttonLabel?: string;
  helperText?: string;
  error?: string | null;
  /** Shows a Remove button when a file is chosen. */
  isRemovable?: boolean;
  previewSize?: number;
  disabled?: boolean;
};

function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () =>
      file && file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(file)
        : null,
    [file],
  );
  // Free the preview's memory when the file changes or the chooser goes away.
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** A "Choose File" button with the file name and, for images, a preview (000 section 2). */
export function FileChooser({
  file,
  onChange,
  accept = DEFAULT_FILE_ACCEPT,
  label = 'File',
  name,
  buttonLabel = 'Choose File',
  helperText,
  error,
  isRemovable = false,
  previewSize = 96,
  disabled = false,
}: FileChooserProps) {
  const inputId = useId();
  const helperId = useId();
  const previewUrl = useObjectUrl(file);
  const inputRef = useRef<HTMLInputElement>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(event.target.files?.[0] ?? null);
    // Let the same file be chosen again after a removal.
    event.target.value = '';
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {previewUrl && file ? (
          <Box
            component="img"
            src={previewUrl}
            alt={`Preview of ${file.name}`}
            sx={{
              width: previewSize,
              height: previewSize,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
        ) : null}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={disabled}
              aria-controls={inputId}
              aria-describedby={helperText || error ? helperId : undefined}
              onClick={() => inputRef.current?.click()}
            >
              {buttonLabel}
            </Button>
            {/* The button opens the picker; the input stays out of the tab order. */}
            <Box
              component="input"
              ref={inputRef}
              id={inputId}
              type="file"
              name={name}
              tabIndex={-1}
              accept={accept.join(',')}
              aria-label={label}
              onChange={handleChange}
              disabled={disabled}
              sx={{
                position: 'absolute',
                width: '1px',
                height: '1px',
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
                whiteSpace: 'nowrap',
              }}
            />
            {file && isRemovable ? (
              <Button
                color="inherit"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => onChange(null)}
                disabled={disabled}
              >
                Remove
              </Button>
            ) : null}
          </Box>
          <Typography variant="body2" color="text.secondary" noWrap>
            {file ? file.name : 'No file chosen'}
          </Typography>
        </Box>
      </Box>
      {error || helperText ? (
        <FormHelperText id={helperId} error={Boolean(error)}>
          {error || helperText}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
