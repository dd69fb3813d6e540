import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { RouterLink } from '../../components/router-link';
import { useRouteTitle } from '../../hooks/use-route-title';

/** Collapses above 8 items (000 section 9). */
export const BREADCRUMB_MAX_ITEMS = 8;

/** A Dashboard home link plus the current page as the optional second crumb. */
export function AppBreadcrumbs() {
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const isDashboardHome = pathname.replace(/\/+$/, '') === '/dashboard';
  return (
    <Breadcrumbs
      aria-label="Breadcrumb"
      maxItems={BREADCRUMB_MAX_ITEMS}
      sx={{ mb: 2, '& .MuiBreadcrumbs-ol, & .MuiBreadcrumbs-li': { alignItems: 'center', display: 'flex' } }}
    >
      <Link
        component={RouterLink}
        to="/dashboard"
        underline="hover"
        color={isDashboardHome ? 'text.primary' : 'inherit'}
        aria-current={isDashboardHome ? 'page' : undefined}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <HomeOutlinedIcon sx={{ fontSize: 18 }} aria-hidden="true" />
        Dashboard
      </Link>
      {isDashboardHome ? null : (
        <Typography color="text.primary" aria-current="page" sx={{ fontSize: 'inherit' }}>
          {title}
        </Typography>
      )}
    </Breadcrumbs>
  );
}
