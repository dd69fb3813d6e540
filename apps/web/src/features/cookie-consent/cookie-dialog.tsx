import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  ALL_CONSENT,
  NO_CONSENT,
  applyConsent,
  readConsent,
  readTrackerUrls,
  writeConsent,
  type CookieConsent,
  type TrackerUrls,
} from './cookie-consent';

type Category = Exclude<keyof CookieConsent, 'necessary'>;

const CATEGORIES: { key: Category; label: string; description: string }[] = [
  { key: 'preferences', label: 'Preferences', description: 'Remember your settings and choices.' },
  { key: 'statistics', label: 'Statistics', description: 'Help us understand how the site is used.' },
  { key: 'marketing', label: 'Marketing', description: 'Measure our campaigns and show relevant offers.' },
];

type CookieDialogProps = {
  /** Defaults to the URLs configured at build time. */
  trackerUrls?: TrackerUrls;
};

/**
 * The cookie dialog of 000 section 2: shown until a consent cookie exists. Non-modal, so the page
 * stays usable while it is open.
 */
export function CookieDialog({ trackerUrls }: CookieDialogProps) {
  const [stored, setStored] = useState<CookieConsent | null>(() => readConsent());
  const [selection, setSelection] = useState<CookieConsent>(NO_CONSENT);
  const titleId = useId();
  const textId = useId();

  if (stored) return null;

  const save = (consent: CookieConsent) => {
    writeConsent(consent);
    applyConsent(consent, trackerUrls ?? readTrackerUrls());
    setStored(consent);
  };

  return (
    <Paper
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      elevation={8}
      sx={{
        position: 'fixed',
        right: 24,
        bottom: 24,
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'min(440px, calc(100vw - 48px))',
        p: 2.5,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Typography id={titleId} variant="h5" component="h2" gutterBottom>
        Cookies on this site
      </Typography>
      <Typography id={textId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        We use necessary cookies to run the site. With your consent we also use cookies for preferences,
        statistics and marketing. You can change your choice at any time.
      </Typography>
      <FormGroup sx={{ mb: 2 }}>
        <FormControlLabel control={<Checkbox checked disabled size="small" />} label="Necessary" />
        {CATEGORIES.map((category) => (
          <FormControlLabel
            key={category.key}
            control={
              <Checkbox
                size="small"
                checked={selection[category.key]}
                onChange={(event) =>
                  setSelection((current) => ({ ...current, [category.key]: event.target.checked }))
                }
              />
            }
            label={category.label}
            title={category.description}
          />
        ))}
      </FormGroup>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={() => save(NO_CONSENT)}>
          Deny
        </Button>
        <Button variant="outlined" onClick={() => save({ ...selection, necessary: true })}>
          Allow selection
        </Button>
        <Button variant="contained" onClick={() => save(ALL_CONSENT)}>
          Allow all
        </Button>
      </Box>
    </Paper>
  );
}
