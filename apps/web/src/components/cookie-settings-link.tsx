import Link, { type LinkProps } from '@mui/material/Link';
import { openCookieSettings } from '../ui/cookie-settings';

/**
 * "Cookie settings": a footer link that opens the cookie dialog again. On the static pages, which
 * run no React, the page's script finds it by `data-cookie-settings` and opens the bar itself.
 */
export function CookieSettingsLink(props: Omit<LinkProps<'button'>, 'component' | 'onClick'>) {
  return (
    <Link
      component="button"
      type="button"
      data-cookie-settings=""
      onClick={openCookieSettings}
      sx={{ font: 'inherit', verticalAlign: 'baseline' }}
      {...props}
    >
      Cookie settings
    </Link>
  );
}
