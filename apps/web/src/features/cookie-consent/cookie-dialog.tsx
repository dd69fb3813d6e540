import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { setCookieBarHeight } from '../../ui/cookie-settings';
import {
  ALL_CONSENT,
  NO_CONSENT,
  applyConsent,
  focusAfterChoice,
  readConsent,
  writeConsent,
  type CookieConsent,
  type TrackerUrls,
} from './cookie-consent';
import { COOKIE_TEXTS } from './cookie-texts';

const CookieCategories = lazy(() =>
  import('./cookie-categories').then((m) => ({ default: m.CookieCategories })),
);

type CookieDialogProps = {
  /** Replaces the tracker URLs the server configures (tests). */
  trackerUrls?: TrackerUrls;
  /** Asked for again ("Cookie settings"): shown over a stored choice, with that choice ticked. */
  isReopened?: boolean;
  /** Called after a choice is saved. */
  onClose?: () => void;
};

/**
 * The cookie dialog of 000 section 2: shown until a consent cookie exists, and again on request.
 * A compact bar along the bottom (the categories behind "Choose cookies"), non-modal so the page
 * stays usable: it takes focus when it appears, Escape denies, and focus goes back afterwards.
 */
export function CookieDialog({ trackerUrls, isReopened = false, onClose }: CookieDialogProps) {
  const [stored, setStored] = useState<CookieConsent | null>(() => (isReopened ? null : readConsent()));
  const [selection, setSelection] = useState<CookieConsent>(() => readConsent() ?? NO_CONSENT);
  const [isDetailsOpen, setIsDetailsOpen] = useState(isReopened);
  const titleId = useId();
  const textId = useId();
  const detailsId = useId();
  const barRef = useRef<HTMLDivElement>(null);
  const previousFocus = useRef<Element | null>(null);
  const isShown = stored === null;

  useEffect(() => {
    if (!isShown) return;
    previousFocus.current = document.activeElement;
    barRef.current?.focus();
  }, [isShown]);

  // The bar's height, for the scroll-to-top button and the room under the page.
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!isShown || !bar) return undefined;
    setCookieBarHeight(bar.offsetHeight);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => setCookieBarHeight(bar.offsetHeight));
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      setCookieBarHeight(0);
    };
  }, [isShown]);

  if (!isShown) return null;

  const save = (consent: CookieConsent) => {
    writeConsent(consent);
    void applyConsent(consent, trackerUrls);
    setStored(consent);
    focusAfterChoice(previousFocus.current);
    onClose?.();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    save(NO_CONSENT);
  };

  return (
    <Paper
      ref={barRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      square
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.snackbar,
        borderTop: 1,
        borderColor: 'divider',
        maxHeight: '50vh',
        overflowY: 'auto',
        '&:focus': { outline: 'none' },
      }}
    >
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 1.5,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 3,
          rowGap: 1,
        }}
      >
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle2" component="h2">
            {COOKIE_TEXTS.title}
          </Typography>
          <Typography id={textId} variant="body2" color="text.secondary">
            {COOKIE_TEXTS.text}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}>
          <Button
            color="inherit"
            aria-expanded={isDetailsOpen}
            aria-controls={detailsId}
            onClick={() => setIsDetailsOpen((open) => !open)}
          >
            {COOKIE_TEXTS.choose}
          </Button>
          <Button variant="outlined" onClick={() => save(NO_CONSENT)}>
            {COOKIE_TEXTS.deny}
          </Button>
          <Button variant="contained" onClick={() => save(ALL_CONSENT)}>
            {COOKIE_TEXTS.allowAll}
          </Button>
        </Box>
        {isDetailsOpen ? (
          <Box
            id={detailsId}
            sx={{
              flexBasis: '100%',
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              pt: 1,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Suspense fallback={<Box sx={{ minHeight: 38 }} />}>
              <CookieCategories selection={selection} onChange={setSelection} />
            </Suspense>
            <Button variant="outlined" onClick={() => save({ ...selection, necessary: true })}>
              {COOKIE_TEXTS.allowSelection}
            </Button>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}
