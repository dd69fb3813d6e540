import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import ViewInArOutlinedIcon from '@mui/icons-material/ViewInArOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { RouterLink } from '../../../components/router-link';
import type { DashboardArea } from '../dashboard-areas';

const AREA_ICONS: Readonly<Record<string, ReactElement>> = {
  '/dashboard/product': <Inventory2OutlinedIcon />,
  '/dashboard/inventory': <WarehouseOutlinedIcon />,
  '/dashboard/stores': <PlaceOutlinedIcon />,
  '/dashboard/warehouse': <HomeWorkOutlinedIcon />,
  '/dashboard/suppliers': <LocalShippingOutlinedIcon />,
  '/dashboard/purchasing': <ShoppingCartOutlinedIcon />,
  '/dashboard/cycle-counts': <FactCheckOutlinedIcon />,
  '/dashboard/carrying-container': <ViewInArOutlinedIcon />,
  '/dashboard/analytics': <InsightsOutlinedIcon />,
  '/dashboard/rewards': <CardGiftcardOutlinedIcon />,
  '/dashboard/communications': <CampaignOutlinedIcon />,
  '/dashboard/access': <AdminPanelSettingsOutlinedIcon />,
  '/dashboard/logs': <ReceiptLongOutlinedIcon />,
  '/dashboard/business-profile': <StorefrontOutlinedIcon />,
  '/dashboard/profile': <PersonOutlinedIcon />,
};

/**
 * One compact card per area the user's roles reach. Under the overview they are a way on, so
 * they stay small: an icon, the area and one line of what it holds.
 */
export function AreasGrid({ areas, compact }: { areas: readonly DashboardArea[]; compact: boolean }) {
  return (
    <Box
      component="ul"
      aria-label="Dashboard areas"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: compact ? 1.5 : 2,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${compact ? 220 : 240}px), 1fr))`,
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
                p: compact ? 1.5 : 2.5,
                display: 'flex',
                alignItems: 'flex-start',
                flexDirection: compact ? 'row' : 'column',
                justifyContent: 'flex-start',
                gap: compact ? 1.5 : 1,
              }}
            >
              <Box
                sx={{
                  display: 'inline-flex',
                  p: compact ? 0.75 : 1,
                  borderRadius: 1.5,
                  bgcolor: 'action.hover',
                  color: 'primary.main',
                }}
                aria-hidden="true"
              >
                {AREA_ICONS[area.path]}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  variant={compact ? 'h6' : 'h5'}
                  component={compact ? 'h3' : 'h2'}
                  noWrap={compact}
                >
                  {area.title}
                </Typography>
                <Typography variant={compact ? 'caption' : 'body2'} color="text.secondary" component="p">
                  {area.description}
                </Typography>
              </Box>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </Box>
  );
}
