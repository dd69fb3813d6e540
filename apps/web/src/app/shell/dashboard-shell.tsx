import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { PRODUCT_TITLE } from '../../components/brand-logo';
import { loggedOut, selectBusinessId, selectSessionUser } from '../../session/session.slice';
import { UPGRADE_MODAL_STATE_KEY, upgradeModalOpened } from '../../ui/ui.slice';
import { AccountMenu } from './account-menu';
import { AlertsBell } from './alerts-bell';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { AppDrawerContent } from './app-drawer';
import { ClosedBusinessBanner } from './closed-business-banner';
import { getVisibleNavEntries } from './nav-items';
import { ShellBusiness } from './shell-business';
import { useFitsTablet } from './tablet-pages';

/** Shell sizes of 000 section 9. */
export const DRAWER_WIDTH = 240;
export const MIN_LAYOUT_WIDTH = 1024;

function hasUpgradeFlag(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>)[UPGRADE_MODAL_STATE_KEY] === true
  );
}

/**
 * The application shell: top bar with the product title, a menu button, the business, the alerts
 * bell and the account menu; a 240 px drawer that is persistent from md (900 px) and temporary
 * below, and breadcrumbs above the page. The shell is at least 1024 px wide, except for a page
 * whose route `fitsTablet` (tablet-pages.ts): that one fits the window down to a 768 px tablet,
 * and its drawer is temporary below 1024 px, so the drawer never takes the page's width there.
 */
export function DashboardShell({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const isTabletPage = useFitsTablet();
  const isDesktop = useMediaQuery(theme.breakpoints.up(isTabletPage ? MIN_LAYOUT_WIDTH : 'md'), {
    noSsr: true,
  });
  const [isDesktopOpen, setIsDesktopOpen] = useState(true);
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSelector(selectSessionUser);
  const businessId = useSelector(selectBusinessId);
  const entries = getVisibleNavEntries(user?.roles ?? [], Boolean(businessId));
  const isDrawerOpen = isDesktop ? isDesktopOpen : isMobileOpen;

  const shouldOpenUpgrade = hasUpgradeFlag(location.state);
  useEffect(() => {
    if (!shouldOpenUpgrade) return;
    dispatch(upgradeModalOpened());
    // Drop the flag so that a reload or back navigation does not open the dialog again.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [dispatch, navigate, shouldOpenUpgrade, location.pathname, location.search]);

  const toggleDrawer = () => {
    if (isDesktop) setIsDesktopOpen((open) => !open);
    else setIsMobileOpen((open) => !open);
  };

  const logout = () => {
    dispatch(loggedOut({ isByUser: true }));
    void navigate('/login', { replace: true });
  };

  const shift = isDesktop && isDesktopOpen ? DRAWER_WIDTH : 0;
  const transition = theme.transitions.create(['margin', 'width'], {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.leavingScreen,
  });

  return (
    <Box
      sx={{
        minWidth: isTabletPage ? 0 : MIN_LAYOUT_WIDTH,
        minHeight: '100vh',
        bgcolor: 'background.default',
      }}
    >
      <AppBar
        position="fixed"
        sx={{
          width: `calc(100% - ${shift}px)`,
          ml: `${shift}px`,
          transition,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label={isDrawerOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={isDrawerOpen}
            aria-controls="app-navigation"
            onClick={toggleDrawer}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="p" noWrap sx={{ flexShrink: 0 }}>
            {PRODUCT_TITLE}
          </Typography>
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
            {businessId ? <ShellBusiness businessId={businessId} /> : null}
          </Box>
          {businessId ? <AlertsBell /> : null}
          <AccountMenu user={user} hasBusiness={Boolean(businessId)} onLogout={logout} />
        </Toolbar>
      </AppBar>
      <Drawer
        id="app-navigation"
        variant={isDesktop ? 'persistent' : 'temporary'}
        open={isDrawerOpen}
        onClose={() => setIsMobileOpen(false)}
        sx={{
          width: isDesktop && isDesktopOpen ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <AppDrawerContent entries={entries} onNavigate={() => setIsMobileOpen(false)} onLogout={logout} />
      </Drawer>
      {/* 16 px sides below 1200 px: at the 1024 px minimum, 1024 - 240 (drawer) - 32 leaves the
          specification's 750 px table its full width; 24 px cost it 14 px of sideways scroll. */}
      <Box component="main" sx={{ ml: `${shift}px`, transition, px: { xs: 2, lg: 3 }, pb: 4, minWidth: 0 }}>
        <Toolbar />
        <Box sx={{ pt: 2, maxWidth: 1440 }}>
          {businessId ? <ClosedBusinessBanner businessId={businessId} /> : null}
          <AppBreadcrumbs />
          {children}
        </Box>
      </Box>
    </Box>
  );
}
