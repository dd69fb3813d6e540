import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../components/router-link';

export const FORBIDDEN_TITLE = 'You don’t have permission to view this page.';
export const FORBIDDEN_HINT =
  'If you believe this is an error, please ask an administrator to add the correct role to your account.';

/** Shown in place of a page whose roles the user does not hold (000 section 2). */
export function ForbiddenNotice() {
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {FORBIDDEN_TITLE}
      </Typography>
      <Typography color="text.secondary">{FORBIDDEN_HINT}</Typography>
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/dashboard" variant="outlined">
          Back to the dashboard
        </Button>
      </Box>
    </Paper>
  );
}
