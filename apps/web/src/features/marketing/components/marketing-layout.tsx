import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/brand-logo';
import { CookieSettingsLink } from '../../../components/cookie-settings-link';
import { RouterLink } from '../../../components/router-link';
import { useIsSignedIn } from '../use-is-signed-in';
import { MarketingHeader } from './marketing-header';

const PLANS_PATH = '/subscription-plans';
/** On a phone each link is a row of 36 px, a target a thumb finds; from sm up the lines are closer. */
const FOOTER_LINK_PROPS = {
  underline: 'hover',
  color: 'text.primary',
  variant: 'body2',
  sx: { display: { xs: 'inline-flex', sm: 'inline' }, alignItems: 'center', minHeight: { xs: 36, sm: 0 } },
} as const;

const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { label: 'Smart inventory', to: '/smart-inventory' },
      { label: 'Supply chain', to: '/supply-chain' },
      { label: 'Analytics', to: '/analytics' },
      { label: 'Loyalty', to: '/loyalty' },
      { label: 'CRM', to: '/crm' },
      { label: 'Scan, Pay & Go', to: '/scan-pay-go' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Pricing', to: PLANS_PATH },
      { label: 'For businesses', to: '/business-features' },
      { label: 'For shoppers', to: '/shopper-features' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms', to: '/terms' },
      { label: 'Privacy', to: '/privacy' },
      { label: 'Cookies', to: '/cookies' },
    ],
  },
];

/** Header and footer of the app's public pages (the plans page), knowing the session. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  const isSignedIn = useIsSignedIn();
  return <MarketingFrame isSignedIn={isSignedIn}>{children}</MarketingFrame>;
}

/**
 * Header and footer of every public page: the app's and the static site's (which passes no
 * session: its script shows the right actions). Links to the static pages are plain anchors (a
 * full load); the plans page is a route of the app.
 */
export function MarketingFrame({ children, isSignedIn }: { children: ReactNode; isSignedIn?: boolean }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <MarketingHeader isSignedIn={isSignedIn} />
      <Box component="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <Box
        component="footer"
        sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 5 }}
      >
        <Container
          maxWidth="lg"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: '2fr repeat(3, 1fr)' },
            gap: 4,
          }}
        >
          {/* The brand takes a row of its own until the four columns fit. */}
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <BrandLogo />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: 320 }}>
              Stores, stock, loyalty and sales analytics for growing retail businesses.
            </Typography>
          </Box>
          {FOOTER_GROUPS.map((group) => (
            <Box key={group.title} component="nav" aria-label={group.title}>
              <Typography variant="overline" color="text.secondary">
                {group.title}
              </Typography>
              <Box
                component="ul"
                sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: { xs: 0, sm: 0.75 } }}
              >
                {group.links.map((link) => (
                  <li key={link.to}>
                    {link.to === PLANS_PATH ? (
                      <Link component={RouterLink} to={link.to} {...FOOTER_LINK_PROPS}>
                        {link.label}
                      </Link>
                    ) : (
                      <Link href={link.to} {...FOOTER_LINK_PROPS}>
                        {link.label}
                      </Link>
                    )}
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Container>
        <Container maxWidth="lg">
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 2,
              mt: { xs: 2, sm: 4 },
              typography: 'caption',
              color: 'text.secondary',
            }}
          >
            <span>© {new Date().getFullYear()} Retail Back-Office</span>
            <CookieSettingsLink
              color="inherit"
              underline="hover"
              // As tall as the links above it on a phone (the link's own sx is replaced, so it is repeated).
              sx={{ font: 'inherit', verticalAlign: 'baseline', minHeight: { xs: 36, sm: 0 } }}
            />
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
