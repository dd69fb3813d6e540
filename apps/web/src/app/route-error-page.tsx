import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CenteredPage } from '../components/centered-page';

export const ROUTE_ERROR_TEXT = 'Unexpected Application Error!';

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return null;
}

/** The router's fallback screen (000 section 2). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = describe(error);
  if (error) console.error(error);
  return (
    <CenteredPage role="alert">
      <Typography variant="h2" component="h1">
        {ROUTE_ERROR_TEXT}
      </Typography>
      {detail ? (
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          {detail}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Button href="/dashboard" variant="outlined">
          Go to the dashboard
        </Button>
      </Box>
    </CenteredPage>
  );
}
