import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/brand-logo';
import { CookieSettingsLink } from '../../../components/cookie-settings-link';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card, such as "Create an account". */
  footer?: ReactNode;
};

/** The frame of the sign-in, registration and password pages. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="a"
        href="/"
        aria-label="Retail Back-Office home"
        sx={{ mb: 3, textDecoration: 'none', display: 'inline-flex' }}
      >
        <BrandLogo size={32} />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
      {footer ? (
        <Box sx={{ mt: 2.5, textAlign: 'center', color: 'text.secondary', typography: 'body2' }}>
          {footer}
        </Box>
      ) : null}
      <Box
        component="footer"
        sx={{ mt: 4, display: 'flex', gap: 2, typography: 'caption', color: 'text.secondary' }}
      >
        <Link href="/terms" color="inherit" underline="hover">
          Terms
        </Link>
        <Link href="/privacy" color="inherit" underline="hover">
          Privacy
        </Link>
        <Link href="/cookies" color="inherit" underline="hover">
          Cookies
        </Link>
        <CookieSettingsLink color="inherit" underline="hover" />
      </Box>
    </Box>
  );
}
