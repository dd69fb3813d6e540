import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The search field and filters above a list (DESIGN 10). */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>{children}</Box>
  );
}
