import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import PodcastsOutlinedIcon from '@mui/icons-material/PodcastsOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import ViewInArOutlinedIcon from '@mui/icons-material/ViewInArOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useState, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import { RouterLink } from '../../components/router-link';
import { BrandLogo } from '../../components/brand-logo';
import type { NavEntry } from './nav-items';

const ICONS: Readonly<Record<string, ReactElement>> = {
  '/dashboard/product': <Inventory2OutlinedIcon />,
  '/dashboard/inventory': <WarehouseOutlinedIcon />,
  '/dashboard/stores': <PlaceOutlinedIcon />,
  '/dashboard/warehouse': <HomeWorkOutlinedIcon />,
  '/dashboard/suppliers': <LocalShippingOutlinedIcon />,
  '/dashboard/purchasing': <ShoppingCartOutlinedIcon />,
  '/dashboard/cycle-counts': <FactCheckOutlinedIcon />,
  '/dashboard/carrying-container': <ViewInArOutlinedIcon />,
  '/dashboard/analytics': <InsightsOutlinedIcon />,
  '/dashboard/access': <AdminPanelSettingsOutlinedIcon />,
  '/dashboard/rewards': <CardGiftcardOutlinedIcon />,
  '/dashboard/communications': <CampaignOutlinedIcon />,
  '/dashboard/broadcast': <PodcastsOutlinedIcon />,
  '/dashboard/logs': <ReceiptLongOutlinedIcon />,
  '/dashboard/settings': <SettingsOutlinedIcon />,
  '/dashboard/profile': <PersonOutlinedIcon />,
  '/dashboard/business-profile': <StorefrontOutlinedIcon />,
};

type AppDrawerContentProps = {
  entries: readonly NavEntry[];
  onNavigate: () => void;
  onLogout: () => void;
};

function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The drawer's logo (a link to the dashboard), its entries and Logout. */
export function AppDrawerContent({ entries, onNavigate, onLogout }: AppDrawerContentProps) {
  const { pathname } = useLocation();
  // A group is open while it holds the current page, until the user folds it; the user's choice
  // per group wins.
  const [openByUser, setOpenByUser] = useState<Readonly<Record<string, boolean>>>({});
  const isGroupOpen = (entry: NavEntry) =>
    openByUser[entry.path] ?? Boolean(entry.children?.some((child) => isActivePath(pathname, child.path)));
  const toggleGroup = (entry: NavEntry) =>
    setOpenByUser((current) => ({ ...current, [entry.path]: !isGroupOpen(entry) }));

  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 2 }}>
        <Box
          component={RouterLink}
          to="/dashboard"
          onClick={onNavigate}
          aria-label="Retail Back-Office dashboard"
          sx={{ display: 'inline-flex', textDecoration: 'none', borderRadius: 1 }}
        >
          <BrandLogo />
        </Box>
      </Toolbar>
      <Divider />
      <List dense sx={{ px: 1, py: 1, flex: 1 }}>
        {entries.map((entry) =>
          entry.children ? (
            <ListItem key={entry.path} disablePadding sx={{ display: 'block' }}>
              <ListItemButton
                onClick={() => toggleGroup(entry)}
                aria-expanded={isGroupOpen(entry)}
                sx={{ borderRadius: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>{ICONS[entry.path]}</ListItemIcon>
                <ListItemText primary={entry.label} />
                {isGroupOpen(entry) ? (
                  <ExpandLessIcon fontSize="small" />
                ) : (
                  <ExpandMoreIcon fontSize="small" />
                )}
              </ListItemButton>
              <Collapse in={isGroupOpen(entry)} timeout="auto" unmountOnExit>
                <List dense disablePadding>
                  {entry.children.map((child) => (
                    <ListItem key={child.path} disablePadding>
                      <ListItemButton
                        component={RouterLink}
                        to={child.path}
                        onClick={onNavigate}
                        selected={isActivePath(pathname, child.path)}
                        aria-current={isActivePath(pathname, child.path) ? 'page' : undefined}
                        sx={{ pl: 4, borderRadius: 1 }}
                      >
                        <ListItemIcon sx={{ minWidth: 36 }}>{ICONS[child.path]}</ListItemIcon>
                        <ListItemText primary={child.label} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Collapse>
            </ListItem>
          ) : (
            <ListItem key={entry.path} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={entry.path}
                onClick={onNavigate}
                selected={isActivePath(pathname, entry.path)}
                aria-current={isActivePath(pathname, entry.path) ? 'page' : undefined}
                sx={{ borderRadius: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>{ICONS[entry.path]}</ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            </ListItem>
          ),
        )}
      </List>
      <Divider />
      <List dense sx={{ px: 1, py: 1 }}>
        <ListItem disablePadding>
          <ListItemButton onClick={onLogout} sx={{ borderRadius: 1 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutOutlinedIcon />
            </ListItemIcon>
            <ListItemText primary="Logout" />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
