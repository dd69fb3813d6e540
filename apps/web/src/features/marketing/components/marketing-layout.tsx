import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../components/router-link';
import { BrandLogo } from '../../../components/brand-logo';
import { CookieSettingsLink } from '../../../components/cookie-settings-link';
import { MarketingHeader } from './marketing-header';

const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { label: 'Smart inventory', to: '/smart-inventory' },
      { label: 'Supply chain', to: '/supply-chain' },
      { label: 'Analytics', to: '/analytics' },
      { label: 'Loyalty', to: '/loyalty' },
      { label: 'CRM', to: '/crm' },
      { label: 'Scan, pay & go', to: '/scan-pay-go' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Pricing', to: '/subscription-plans' },
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

/** Header and footer of the public pages. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <MarketingHeader />
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
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      component={RouterLink}
                      to={link.to}
                      underline="hover"
                      color="text.primary"
                      variant="body2"
                    >
                      {link.label}
                    </Link>
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
              gap: 2,
              mt: 4,
              typography: 'caption',
              color: 'text.secondary',
            }}
          >
            <span>© {new Date().getFullYear()} Retail Back-Office</span>
            <CookieSettingsLink color="inherit" underline="hover" />
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
