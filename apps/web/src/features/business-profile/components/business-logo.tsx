import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '@app/contracts';
import { useState } from 'react';
import { FileChooser } from '../../../components/file-chooser';
import type { LogoChange } from '../business-fields';

export const LOGO_SIZE = 64;
export const LOGO_TYPE_ERROR = 'The logo must be a JPEG, PNG or WebP image.';
export const LOGO_SIZE_ERROR = 'The logo must be at most 5 MB.';

export function checkLogo(file: File): string | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_ERROR;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_ERROR;
  return null;
}

/** The downloaded logo, or a shop icon when the business has none. */
export function LogoImage({ src, businessName }: { src: string | null; businessName: string }) {
  return (
    <Avatar
      variant="rounded"
      src={src ?? undefined}
      alt={src ? `Logo of ${businessName}` : undefined}
      sx={{
        width: LOGO_SIZE,
        height: LOGO_SIZE,
        bgcolor: src ? 'transparent' : 'action.hover',
        color: 'text.secondary',
        '& img': { objectFit: 'contain' },
      }}
    >
      <StorefrontOutlinedIcon fontSize="large" aria-hidden="true" />
    </Avatar>
  );
}

type LogoEditorProps = {
  current: string | null;
  businessName: string;
  change: LogoChange;
  onChange: (change: LogoChange) => void;
  error?: string;
  disabled?: boolean;
};

/** Edit mode's logo: keep it, choose another (JPEG, PNG, WebP up to 5 MB) or remove it. */
export function LogoEditor({ current, businessName, change, onChange, error, disabled }: LogoEditorProps) {
  const [chooseError, setChooseError] = useState<string | null>(null);
  const choose = (file: File | null) => {
    const problem = file ? checkLogo(file) : null;
    setChooseError(problem);
    onChange({ file: problem ? null : file, isRemoved: change.isRemoved });
  };
  const isShowingCurrent = current !== null && !change.file && !change.isRemoved;
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 3, alignItems: 'flex-start' }}>
      {isShowingCurrent ? (
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.5 }}>
          <LogoImage src={current} businessName={businessName} />
          <Button
            size="small"
            color="error"
            disabled={disabled}
            onClick={() => onChange({ file: null, isRemoved: true })}
          >
            Remove logo
          </Button>
        </Box>
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <FileChooser
          file={change.file}
          onChange={choose}
          accept={LOGO_MIME_TYPES}
          label="Business logo"
          name="logo"
          buttonLabel={current && !change.isRemoved ? 'Change logo' : 'Choose logo'}
          helperText="JPEG, PNG or WebP, up to 5 MB."
          error={chooseError ?? error ?? null}
          isRemovable
          disabled={disabled}
        />
        {change.isRemoved && !change.file ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The logo will be removed when you save.{' '}
            <Button
              size="small"
              onClick={() => onChange({ file: null, isRemoved: false })}
              disabled={disabled}
            >
              Keep logo
            </Button>
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
