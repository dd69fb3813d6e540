import GlobalStyles from '@mui/material/GlobalStyles';
import { getContrastRatio, useTheme, type Palette } from '@mui/material/styles';
import { ToastContainer, toast, type ToastOptions } from 'react-toastify';
import { demandToasts } from './toast-demand';

/** Toast timings of 000 section 9. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SUCCESS_TOAST_MS = 2000;
export const DRAG_DISMISS_PERCENT = 80;

/** WCAG AA for normal text. */
export const MIN_TOAST_CONTRAST = 4.5;

export const TOAST_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export type ToastColors = { background: string; text: string };

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#101215';

/**
 * The colours of each toast type from the theme's palette: the deep shade with white text where
 * that reaches AA, else the main shade with dark text (dark mode's lighter palette, and warning).
 */
export function getToastColors(palette: Pick<Palette, ToastType>): Record<ToastType, ToastColors> {
  const result = {} as Record<ToastType, ToastColors>;
  for (const type of TOAST_TYPES) {
    const { dark, main } = palette[type];
    const candidates: ToastColors[] = [
      { background: dark, text: LIGHT_TEXT },
      { background: main, text: DARK_TEXT },
      { background: dark, text: DARK_TEXT },
    ];
    result[type] =
      candidates.find(({ background, text }) => getContrastRatio(background, text) >= MIN_TOAST_CONTRAST) ??
      candidates[0]!;
  }
  return result;
}

function toastVariables(palette: Pick<Palette, ToastType>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [type, { background, text }] of Object.entries(getToastColors(palette))) {
    variables[`--toastify-color-${type}`] = background;
    variables[`--toastify-text-color-${type}`] = text;
    variables[`--toastify-icon-color-${type}`] = text;
  }
  return variables;
}

/** react-toastify's colours, font and corners from the MUI theme, light and dark. */
function ToastThemeStyles() {
  const theme = useTheme();
  // The theme has both schemes (cssVariables); the toast colours follow the system's choice.
  const { colorSchemes } = theme as typeof theme & {
    colorSchemes?: Partial<Record<'light' | 'dark', { palette: Palette }>>;
  };
  const light = colorSchemes?.light?.palette ?? theme.palette;
  const dark = colorSchemes?.dark?.palette ?? theme.palette;
  return (
    <GlobalStyles
      styles={{
        ':root': {
          ...toastVariables(light),
          '--toastify-font-family': String(theme.typography.fontFamily),
          '--toastify-toast-bd-radius': `${theme.shape.borderRadius}px`,
          // The time bar is decoration: same colour as the text, faint.
          '--toastify-color-transparent': 'currentColor',
          '--toastify-color-progress-bgo': '0.25',
        },
        '@media (prefers-color-scheme: dark)': { ':root': toastVariables(dark) },
        '.Toastify__toast': { fontSize: theme.typography.body2.fontSize, fontWeight: 500 },
        // The close button keeps the toast's text colour at full strength, and the focus ring.
        '.Toastify__close-button': { color: 'inherit', opacity: 1 },
        '.Toastify__close-button:focus-visible': {
          outline: '2px solid currentColor',
          outlineOffset: 2,
          borderRadius: 2,
        },
      }}
    />
  );
}

/** The one toast container: top-right, 5 s, drag to dismiss at 80 percent. */
export function AppToastContainer() {
  return (
    <>
      <ToastThemeStyles />
      <ToastContainer
        position="top-right"
        // Under the shell's top bar (64 px), so a toast never hides the bell or the account menu.
        style={{ top: 72 }}
        autoClose={TOAST_AUTO_CLOSE_MS}
        draggable
        draggablePercent={DRAG_DISMISS_PERCENT}
        newestOnTop
        closeOnClick={false}
        pauseOnFocusLoss
        theme="colored"
      />
    </>
  );
}

export function notifySuccess(message: string, options?: ToastOptions): void {
  demandToasts();
  toast.success(message, { autoClose: SUCCESS_TOAST_MS, ...options });
}

export function notifyError(message: string, options?: ToastOptions): void {
  demandToasts();
  toast.error(message, options);
}

export function notifyInfo(message: string, options?: ToastOptions): void {
  demandToasts();
  toast.info(message, options);
}

export function notifyWarning(message: string, options?: ToastOptions): void {
  demandToasts();
  toast.warning(message, options);
}
