import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { ROUTE_ROLES, hasAnyRole } from '@app/contracts';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { PageHeader } from '../../components/page-header';
import { RouterLink } from '../../components/router-link';
import { selectRoles } from '../../session/session.slice';

type SettingsEntry = { path: string; title: string; description: string; icon: ReactNode };

/** The two entries the drawer's Settings group holds (000 section 2). */
export const SETTINGS_ENTRIES: readonly SettingsEntry[] = [
  {
    path: '/dashboard/profile',
    title: 'Profile',
    description: 'Your name, e-mail address, picture and address.',
    icon: <PersonOutlinedIcon />,
  },
  {
    path: '/dashboard/business-profile',
    title: 'Business Profile',
    description: 'Your business details, logo, address, time zone and currency.',
    icon: <StorefrontOutlinedIcon />,
  },
];

/** /dashboard/settings: the settings a user's roles reach (Business Profile: business roles). */
export function SettingsPage() {
  const roles = useSelector(selectRoles);
  const entries = SETTINGS_ENTRIES.filter((entry) => hasAnyRole(roles, ROUTE_ROLES[entry.path] ?? null));
  return (
    <Box>
      <PageHeader title="Settings" subtitle="Manage your account and your business." />
      <Box
        component="ul"
        aria-label="Settings"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
          maxWidth: 960,
        }}
      >
        {entries.map((entry) => (
          <Box component="li" key={entry.path}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={entry.path}
                sx={{ height: '100%', p: 2.5, display: 'flex', alignItems: 'flex-start', gap: 2 }}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    display: 'inline-flex',
                    p: 1,
                    borderRadius: 1.5,
                    bgcolor: 'action.hover',
                    color: 'primary.main',
                  }}
                >
                  {entry.icon}
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    variant="h5"
                    component="h2"
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                  >
                    {entry.title}
                    <ArrowForwardIcon sx={{ fontSize: 16, color: 'text.secondary' }} aria-hidden="true" />
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {entry.description}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
