import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../components/router-link';
import { CenteredPage } from '../../components/centered-page';

const NOT_FOUND_TITLE = 'This page does not exist.';

/** Unknown public paths. */
export function NotFoundPage() {
  return (
    <CenteredPage>
      <Box>
        <Typography variant="overline" color="primary">
          404
        </Typography>
        <Typography variant="h2" component="h1" gutterBottom>
          {NOT_FOUND_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Check the address, or start again from the home page.
        </Typography>
        <Button href="/" variant="contained">
          Go home
        </Button>
      </Box>
    </CenteredPage>
  );
}

/** Unknown paths under /dashboard, shown inside the shell. */
export function NotFoundPanel() {
  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {NOT_FOUND_TITLE}
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="outlined">
        Back to the dashboard
      </Button>
    </Box>
  );
}
