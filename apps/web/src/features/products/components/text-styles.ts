/** Long names take two lines at most; the whole text is in the cell's tooltip (title). */
export const TWO_LINES = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

/**
 * A form wrapping a dialog's content and actions: it passes the dialog's height on, so the
 * content scrolls and the buttons stay in view on a short screen.
 */
export const FORM_IN_DIALOG = {
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  flex: '1 1 auto',
} as const;
