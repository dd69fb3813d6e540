import Link, { type LinkProps } from '@mui/material/Link';
import { openCookieSettings } from '../ui/cookie-settings';

/** "Cookie settings": a footer link that opens the cookie dialog again. */
export function CookieSettingsLink(props: Omit<LinkProps<'button'>, 'component' | 'onClick'>) {
  return (
    <Link
      component="button"
      type="button"
      onClick={openCookieSettings}
      sx={{ font: 'inherit', verticalAlign: 'baseline' }}
      {...props}
    >
      Cookie settings
    </Link>
  );
}
