import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { COOKIE_CATEGORIES, COOKIE_TEXTS } from '../../features/cookie-consent/cookie-texts';

/**
 * The cookie bar of 000 section 2 as the static pages write it: the app's dialog in markup, hidden
 * until the page's script (`site.ts`, `enhanceCookieBar`) finds no consent cookie or is asked for
 * the settings. The categories are native checkboxes, which need no script to tick.
 */
export function StaticCookieBar() {
  return (
    <Paper
      data-cookie-bar=""
      hidden
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-bar-title"
      aria-describedby="cookie-bar-text"
      tabIndex={-1}
      square
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 'snackbar',
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
          <Typography id="cookie-bar-title" variant="subtitle2" component="h2">
            {COOKIE_TEXTS.title}
          </Typography>
          <Typography id="cookie-bar-text" variant="body2" color="text.secondary">
            {COOKIE_TEXTS.text}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}>
          <Button
            color="inherit"
            data-consent="choose"
            aria-expanded="false"
            aria-controls="cookie-bar-details"
          >
            {COOKIE_TEXTS.choose}
          </Button>
          <Button variant="outlined" data-consent="deny">
            {COOKIE_TEXTS.deny}
          </Button>
          <Button variant="contained" data-consent="all">
            {COOKIE_TEXTS.allowAll}
          </Button>
        </Box>
        <Box
          id="cookie-bar-details"
          hidden
          sx={{
            flexBasis: '100%',
            '&:not([hidden])': { display: 'flex' },
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            pt: 1,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Box
            component="fieldset"
            sx={{
              border: 0,
              m: 0,
              p: 0,
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 2.5,
              rowGap: 1,
              typography: 'body2',
              '& label': {
                display: 'inline-flex',
                alignItems: 'center',
                gap: 1,
                minHeight: 40,
                cursor: 'pointer',
              },
              '& input': {
                width: 18,
                height: 18,
                m: 0,
                accentColor: 'var(--mui-palette-primary-main)',
                cursor: 'inherit',
              },
              '& input:disabled + span': { color: 'text.secondary' },
            }}
          >
            <Box
              component="legend"
              sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {COOKIE_TEXTS.categoriesLabel}
            </Box>
            <label>
              <input type="checkbox" checked disabled readOnly />
              <span>{COOKIE_TEXTS.necessary}</span>
            </label>
            {COOKIE_CATEGORIES.map((category) => (
              <label key={category.key} title={category.description}>
                <input type="checkbox" name={category.key} />
                <span>{category.label}</span>
              </label>
            ))}
          </Box>
          <Button variant="outlined" data-consent="selection">
            {COOKIE_TEXTS.allowSelection}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
