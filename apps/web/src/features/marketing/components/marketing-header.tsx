import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useEffect, useRef } from 'react';
import { BrandLogo } from '../../../components/brand-logo';
import { RouterLink } from '../../../components/router-link';
import { enhanceDisclosureMenu } from '../disclosure-menu';

/** Site pages are static documents (a full load); the plans page is a route of the app. */
const HEADER_LINKS = [
  { label: 'For businesses', href: '/business-features' },
  { label: 'For shoppers', href: '/shopper-features' },
  { label: 'Pricing', href: '/subscription-plans' },
  { label: 'About', href: '/about' },
];

type MarketingHeaderProps = {
  /**
   * Whether the visitor has a live session (Open dashboard instead of Sign in / Get started).
   * Unknown on a page built ahead of time: both sets are written, the signed-in one hidden, and
   * the page's script shows the right one (`data-session-actions`).
   */
  isSignedIn?: boolean;
};

/**
 * Header of the public pages. From md (900 px) the links and actions sit in the bar; below it they
 * are behind a menu button, so nothing is pushed off a phone's screen. Media queries, not script,
 * choose the layout, and the menu is a `<details>` disclosure: the header works the same on the
 * pages built as static HTML, which run no React.
 */
export function MarketingHeader({ isSignedIn }: MarketingHeaderProps) {
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 3, height: 64 }}>
        <Link
          href="/"
          aria-label="Retail Back-Office home"
          underline="none"
          sx={{ display: 'inline-flex', flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          <BrandLogo />
        </Link>
        <Box
          component="nav"
          aria-label="Site"
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 2.5, flex: 1 }}
        >
          {HEADER_LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              underline="hover"
              color="text.secondary"
              variant="body2"
              sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}
            >
              {link.label}
            </Link>
          ))}
        </Box>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
          <SessionActions isSignedIn={isSignedIn} variant="bar" />
        </Box>
        <HeaderMenu isSignedIn={isSignedIn} />
      </Container>
    </Box>
  );
}

function SessionActions({ isSignedIn, variant }: { isSignedIn?: boolean; variant: 'bar' | 'menu' }) {
  const signedIn =
    variant === 'bar' ? (
      <Button component={RouterLink} to="/dashboard" variant="contained">
        Open dashboard
      </Button>
    ) : (
      <MenuLink to="/dashboard" isAction>
        Open dashboard
      </MenuLink>
    );
  const signedOut =
    variant === 'bar' ? (
      <>
        <Button component={RouterLink} to="/login" color="inherit">
          Sign in
        </Button>
        <Button component={RouterLink} to="/register" variant="contained">
          Get started
        </Button>
      </>
    ) : (
      <>
        <MenuLink to="/login">Sign in</MenuLink>
        <MenuLink to="/register" isAction>
          Get started
        </MenuLink>
      </>
    );
  if (isSignedIn === true) return signedIn;
  if (isSignedIn === false) return signedOut;
  return (
    <>
      <Box data-session-actions="signed-out" sx={ACTIONS_SX[variant]}>
        {signedOut}
      </Box>
      <Box data-session-actions="signed-in" hidden sx={ACTIONS_SX[variant]}>
        {signedIn}
      </Box>
    </>
  );
}

/** `hidden` must win over the sets' own display, so theirs applies only while shown. */
const ACTIONS_SX = {
  bar: { '&:not([hidden])': { display: 'flex', gap: 1 } },
  menu: { '&:not([hidden])': { display: 'block' } },
} as const;

/**
 * The links and actions behind one button, below md. A `<details>` opens and closes with Enter,
 * Space or a click without any script; `enhanceDisclosureMenu` adds Escape and closing on a click
 * outside, wherever script runs.
 */
function HeaderMenu({ isSignedIn }: { isSignedIn?: boolean }) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => (menuRef.current ? enhanceDisclosureMenu(menuRef.current) : undefined), []);

  return (
    <Box
      component="details"
      ref={menuRef}
      data-disclosure-menu=""
      sx={{
        display: { xs: 'block', md: 'none' },
        ml: 'auto',
        position: 'relative',
        '& > summary': { listStyle: 'none' },
        '& > summary::-webkit-details-marker': { display: 'none' },
      }}
    >
      <Box
        component="summary"
        aria-label="Menu"
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 44,
          height: 44,
          mr: -1,
          borderRadius: '50%',
          cursor: 'pointer',
          color: 'text.secondary',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <MenuIcon />
      </Box>
      <Paper
        component="nav"
        aria-label="Site menu"
        variant="outlined"
        sx={{
          position: 'absolute',
          right: 0,
          top: 'calc(100% + 4px)',
          minWidth: 220,
          py: 1,
          zIndex: 'appBar',
          // It lies over the page: a shadow sets it apart from the text beneath.
          boxShadow: '0 12px 32px -8px rgb(15 23 42 / 0.3)',
        }}
      >
        {HEADER_LINKS.map((link) => (
          <MenuLink key={link.href} href={link.href}>
            {link.label}
          </MenuLink>
        ))}
        <Box component="hr" sx={{ border: 0, borderTop: 1, borderColor: 'divider', my: 1 }} />
        <SessionActions isSignedIn={isSignedIn} variant="menu" />
      </Paper>
    </Box>
  );
}

type MenuLinkProps = { children: string; isAction?: boolean } & ({ href: string } | { to: string });

/** A menu row: a link as tall as a touch target, the main action in the accent colour. */
function MenuLink({ children, isAction = false, ...target }: MenuLinkProps) {
  const sx = {
    display: 'block',
    px: 2,
    py: 1.25,
    typography: 'body1',
    color: isAction ? 'primary.main' : 'text.primary',
    fontWeight: isAction ? 600 : 400,
    textDecoration: 'none',
    '&:hover': { bgcolor: 'action.hover' },
  } as const;
  return 'to' in target ? (
    <Box component={RouterLink} to={target.to} sx={sx}>
      {children}
    </Box>
  ) : (
    <Box component="a" href={target.href} sx={sx}>
      {children}
    </Box>
  );
}
