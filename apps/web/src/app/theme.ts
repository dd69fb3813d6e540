import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import { createTheme } from '@mui/material/styles';

/** The keyboard focus ring of every control: 2 px of the accent, 2 px away (DESIGN section 10). */
export const FOCUS_RING = {
  outline: '2px solid var(--mui-palette-primary-main)',
  outlineOffset: 2,
} as const;

/** Height of the dashboard's fixed top bar (MUI's dense-free Toolbar from sm up). */
export const APP_BAR_HEIGHT = 64;

/** One accent colour, neutral greys; light and dark follow the system (DESIGN section 10). */
const ACCENT = { light: '#3b5bdb', dark: '#8ea2ff' } as const;

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: ACCENT.light },
        secondary: { main: '#495057' },
        background: { default: '#f6f7f9', paper: '#ffffff' },
        text: { primary: '#1b1f24', secondary: '#5c6570' },
        divider: '#e3e6ea',
      },
    },
    dark: {
      palette: {
        // WCAG AA for text on coloured buttons: white on the dark scheme's red was 3.7:1 (every
        // destructive confirmation); with 4.5 such colours take dark text instead.
        contrastThreshold: 4.5,
        // The hover shades of contained buttons: MUI's defaults darken so far that their dark
        // text fell below 4.5:1 (the profile's Save under the pointer that had clicked Edit).
        primary: { main: ACCENT.dark, dark: '#7088f2' },
        error: { main: '#f44336', dark: '#e53935' },
        secondary: { main: '#adb5bd' },
        background: { default: '#101215', paper: '#171a1f' },
        text: { primary: '#e8eaed', secondary: '#a3abb5' },
        divider: '#2a2f36',
      },
    },
  },
  spacing: 8,
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontSize: 14,
    h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.015em' },
    h3: { fontSize: '1.375rem', fontWeight: 600 },
    h4: { fontSize: '1.25rem', fontWeight: 600 },
    h5: { fontSize: '1.0625rem', fontWeight: 600 },
    h6: { fontSize: '0.9375rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
    overline: { fontWeight: 600, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Anything focusable that is not an MUI control (plain links, the logo link) gets the ring too.
        ':focus-visible': FOCUS_RING,
        // An error alert scrolled into view stops below the fixed top bar.
        '[role="alert"]': { scrollMarginTop: APP_BAR_HEIGHT },
        // While the cookie bar shows, the page can scroll its last button out from under it.
        body: { paddingBottom: 'var(--cookie-bar-height, 0px)' },
      },
    },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': FOCUS_RING } } },
    // The input element sits inside the box: the ring goes around the box.
    MuiInputBase: {
      styleOverrides: {
        root: { '&.Mui-focused:has(:focus-visible)': FOCUS_RING },
        input: { '&:focus-visible': { outline: 'none' } },
      },
    },
    // An outlined field's label sits in a notch of its border, where a ring around the box would
    // strike through it: its ring is that border, 2 px of the accent with the notch kept.
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          '&.Mui-focused:has(:focus-visible)': { outline: 'none' },
          '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderWidth: 2 },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
