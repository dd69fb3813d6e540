import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isPermitted } from '@app/contracts';
import { useSelector } from 'react-redux';
import { PageHeader } from '../../components/page-header';
import { selectBusinessId, selectSessionUser } from '../../session/session.slice';
import { AreasGrid } from './components/areas-grid';
import { OverviewGrid, hasOverview } from './components/overview-grid';
import { SetupChecklist } from './components/setup-checklist';
import { getReachableAreas } from './dashboard-areas';

/**
 * The dashboard home: a welcome, the setup checklist of a new business, an overview of what the
 * user's roles and the plan let them follow (sales, low stock, movements to validate, recent
 * activity), and one compact card per area they reach.
 */
export function DashboardPage() {
  const user = useSelector(selectSessionUser);
  const businessId = useSelector(selectBusinessId);
  const roles = user?.roles ?? [];
  // The checklist's steps are an owner's or an admin's to take.
  const canSetUp = Boolean(user && businessId && isPermitted(roles, 'users:create'));
  const withOverview = Boolean(businessId) && hasOverview(roles);
  const areas = getReachableAreas(roles);
  const firstName = user?.fullName.trim().split(/\s+/)[0];
  return (
    <Box>
      <PageHeader
        title={firstName ? `Welcome, ${firstName}` : 'Welcome'}
        subtitle={
          withOverview
            ? 'How your business is doing today, and everything your role lets you manage.'
            : 'Everything your role lets you manage is one click away.'
        }
      />
      {canSetUp && user && businessId ? (
        <SetupChecklist businessId={businessId} userId={user.userId} />
      ) : null}
      {withOverview && businessId ? <OverviewGrid roles={roles} businessId={businessId} /> : null}
      {withOverview ? (
        <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
          All areas
        </Typography>
      ) : null}
      <AreasGrid areas={areas} compact={withOverview} />
    </Box>
  );
}
