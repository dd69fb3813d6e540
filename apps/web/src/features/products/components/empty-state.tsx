import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a list says when it has no rows: what is missing, and the next step where there is one. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Typography color="text.secondary">{message}</Typography>
      {action}
    </Box>
  );
}
