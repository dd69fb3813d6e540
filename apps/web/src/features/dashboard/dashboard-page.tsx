import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import ViewInArOutlinedIcon from '@mui/icons-material/ViewInArOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { isPermitted } from '@app/contracts';
import type { ReactElement } from 'react';
import { useSelector } from 'react-redux';
import { RouterLink } from '../../components/router-link';
import { PageHeader } from '../../components/page-header';
import { selectBusinessId, selectSessionUser } from '../../session/session.slice';
import { SetupChecklist } from './components/setup-checklist';
import { getReachableAreas } from './dashboard-areas';

const AREA_ICONS: Record<string, ReactElement> = {
  '/dashboard/product': <Inventory2OutlinedIcon />,
  '/dashboard/inventory': <WarehouseOutlinedIcon />,
  '/dashboard/stores': <PlaceOutlinedIcon />,
  '/dashboard/warehouse': <HomeWorkOutlinedIcon />,
  '/dashboard/suppliers': <LocalShippingOutlinedIcon />,
  '/dashboard/carrying-container': <ViewInArOutlinedIcon />,
  '/dashboard/analytics': <InsightsOutlinedIcon />,
  '/dashboard/rewards': <CardGiftcardOutlinedIcon />,
  '/dashboard/communications': <CampaignOutlinedIcon />,
  '/dashboard/access': <AdminPanelSettingsOutlinedIcon />,
  '/dashboard/logs': <ReceiptLongOutlinedIcon />,
  '/dashboard/business-profile': <StorefrontOutlinedIcon />,
  '/dashboard/profile': <PersonOutlinedIcon />,
};

/** The dashboard home: a welcome and one card per area the user's roles reach. */
export function DashboardPage() {
  const user = useSelector(selectSessionUser);
  const businessId = useSelector(selectBusinessId);
  // The checklist's steps are an owner's or an admin's to take.
  const canSetUp = Boolean(user && businessId && isPermitted(user.roles, 'users:create'));
  const areas = getReachableAreas(user?.roles ?? []);
  const firstName = user?.fullName.trim().split(/\s+/)[0];
  return (
    <Box>
      <PageHeader
        title={firstName ? `Welcome, ${firstName}` : 'Welcome'}
        subtitle="Everything your role lets you manage is one click away."
      />
      {canSetUp && user && businessId ? (
        <SetupChecklist businessId={businessId} userId={user.userId} />
      ) : null}
      <Box
        component="ul"
        aria-label="Dashboard areas"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {areas.map((area) => (
          <Box component="li" key={area.path}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={area.path}
                sx={{
                  height: '100%',
                  p: 2.5,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'flex-start',
                  justifyContent: 'flex-start',
                  gap: 1,
                }}
              >
                <Box
                  sx={{
                    display: 'inline-flex',
                    p: 1,
                    borderRadius: 1.5,
                    bgcolor: 'action.hover',
                    color: 'primary.main',
                  }}
                  aria-hidden="true"
                >
                  {AREA_ICONS[area.path]}
                </Box>
                <Typography
                  variant="h5"
                  component="h2"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                >
                  {area.title}
                  <ArrowForwardIcon sx={{ fontSize: 16, color: 'text.secondary' }} aria-hidden="true" />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {area.description}
                </Typography>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
