import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useGetDemoSignInQuery } from '../auth.api';

export const DEMO_BUTTON_LABEL = 'Explore the demo';

type DemoSignInProps = {
  /** Signs in with the demo's credentials, as the form does with typed ones. */
  onExplore: (credentials: { email: string; password: string }) => void;
  isBusy: boolean;
};

/**
 * The demo business's sign-in, on a server started with DEMO=1 (`npm start` on a fresh clone).
 * Elsewhere the call answers 404 and nothing shows. The credentials are printed too, so the
 * visitor can sign in again later or as a colleague.
 */
export function DemoSignIn({ onExplore, isBusy }: DemoSignInProps) {
  const { data } = useGetDemoSignInQuery();
  if (!data?.email || !data.password) return null;
  return (
    <Box component="section" aria-labelledby="demo-sign-in-title" sx={{ display: 'grid', gap: 1.5, mb: 3 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          p: 2,
          border: 1,
          borderColor: 'primary.main',
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Typography id="demo-sign-in-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Try {data.businessName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A grocery with three stores, a warehouse, 300 products and a year of sales, ready to explore.
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            columnGap: 1.5,
            rowGap: 0.25,
            typography: 'body2',
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' },
          }}
        >
          <dt>E-mail</dt>
          <dd>{data.email}</dd>
          <dt>Password</dt>
          <dd>{data.password}</dd>
        </Box>
        <Button
          variant="contained"
          disabled={isBusy}
          onClick={() => onExplore({ email: data.email, password: data.password })}
        >
          {DEMO_BUTTON_LABEL}
        </Button>
      </Box>
      <Divider sx={{ typography: 'caption', color: 'text.secondary' }}>or sign in to your account</Divider>
    </Box>
  );
}
