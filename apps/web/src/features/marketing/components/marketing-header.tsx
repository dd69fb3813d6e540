import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type MouseEvent } from 'react';
import { RouterLink } from '../../../components/router-link';
import { BrandLogo } from '../../../components/brand-logo';
import { useIsSignedIn } from '../use-is-signed-in';

const HEADER_LINKS = [
  { label: 'For businesses', to: '/business-features' },
  { label: 'For shoppers', to: '/shopper-features' },
  { label: 'Pricing', to: '/subscription-plans' },
  { label: 'About', to: '/about' },
];

/**
 * Header of the public pages. From md (900 px, 000 section 9) the links and actions sit in the
 * bar; below it they move into a menu, so that nothing is pushed off a phone's screen. A visitor
 * with a live session gets "Open dashboard" instead of Sign in / Get started.
 */
export function MarketingHeader() {
  const theme = useTheme();
  // noSsr: read the media query on the first render, so a phone never flashes the wide bar.
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const isSignedIn = useIsSignedIn();

  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 3, height: 64 }}>
        <Box
          component={RouterLink}
          to="/"
          aria-label="Retail Back-Office home"
          sx={{ display: 'inline-flex', flexShrink: 0, whiteSpace: 'nowrap', textDecoration: 'none' }}
        >
          <BrandLogo />
        </Box>
        {isWide ? <WideHeaderContent isSignedIn={isSignedIn} /> : <HeaderMenu isSignedIn={isSignedIn} />}
      </Container>
    </Box>
  );
}

function WideHeaderContent({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <>
      <Box component="nav" aria-label="Site" sx={{ display: 'flex', gap: 2.5, flex: 1 }}>
        {HEADER_LINKS.map((link) => (
          <Link
            key={link.to}
            component={RouterLink}
            to={link.to}
            underline="hover"
            color="text.secondary"
            variant="body2"
            sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}
          >
            {link.label}
          </Link>
        ))}
      </Box>
      {isSignedIn ? (
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Open dashboard
        </Button>
      ) : (
        <>
          <Button component={RouterLink} to="/login" color="inherit">
            Sign in
          </Button>
          <Button component={RouterLink} to="/register" variant="contained">
            Get started
          </Button>
        </>
      )}
    </>
  );
}

/** The links and actions behind one button; MUI's Menu gives arrow keys, type-ahead and Escape. */
function HeaderMenu({ isSignedIn }: { isSignedIn: boolean }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);

  const actions = isSignedIn
    ? [
        <MenuItem key="dashboard" component={RouterLink} to="/dashboard" onClick={close} sx={actionSx}>
          Open dashboard
        </MenuItem>,
      ]
    : [
        <MenuItem key="login" component={RouterLink} to="/login" onClick={close}>
          Sign in
        </MenuItem>,
        <MenuItem key="register" component={RouterLink} to="/register" onClick={close} sx={actionSx}>
          Get started
        </MenuItem>,
      ];

  return (
    <>
      <IconButton
        aria-label="Open menu"
        aria-controls={isOpen ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={isOpen ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        edge="end"
        sx={{ ml: 'auto' }}
      >
        <MenuIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-label': 'Site menu', dense: false },
          paper: { variant: 'outlined', sx: { minWidth: 220, mt: 0.5 } },
        }}
      >
        {[
          ...HEADER_LINKS.map((link) => (
            <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
              {link.label}
            </MenuItem>
          )),
          <Divider key="divider" />,
          ...actions,
        ]}
      </Menu>
    </>
  );
}

/** The main action of the menu in the accent colour, as its button is in the wide header. */
const actionSx = { color: 'primary.main', fontWeight: 600 } as const;
