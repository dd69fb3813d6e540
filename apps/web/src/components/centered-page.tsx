import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type CenteredPageProps = {
  children: ReactNode;
  /** `alert` for the router's error screen, which replaces the page's main content. */
  role?: 'alert';
};

/** A full-screen page with its content centred: the error, 404 and no-access screens. */
export function CenteredPage({ children, role }: CenteredPageProps) {
  return (
    <Box
      component="main"
      role={role}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 4,
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}
