import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../components/router-link';
import { CenteredPage } from '../../components/centered-page';

export const UNAUTHORIZED_TEXT = 'You do not have permission to access this page.';

function LockedDoorIllustration() {
  return (
    <Box
      component="svg"
      viewBox="0 0 240 180"
      role="img"
      aria-label="A locked door"
      sx={{ width: 240, height: 180, color: 'primary.main' }}
    >
      <ellipse cx="120" cy="166" rx="92" ry="8" fill="currentColor" opacity="0.08" />
      <rect x="64" y="20" width="112" height="146" rx="6" fill="currentColor" opacity="0.12" />
      <rect x="76" y="32" width="88" height="134" rx="4" fill="none" stroke="currentColor" strokeWidth="4" />
      <circle cx="148" cy="100" r="4" fill="currentColor" />
      <rect x="98" y="86" width="44" height="36" rx="6" fill="currentColor" />
      <path
        d="M108 86V74a12 12 0 0 1 24 0v12"
        fill="none"
        stroke="currentColor"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="120" cy="102" r="5" fill="#fff" />
      <rect x="118" y="104" width="4" height="9" rx="2" fill="#fff" />
    </Box>
  );
}

/** Where a signed-in user without a business (and not an owner) ends up (000 section 2). */
export function UnauthorizedPage() {
  return (
    <CenteredPage>
      <LockedDoorIllustration />
      <Typography variant="h3" component="h1">
        {UNAUTHORIZED_TEXT}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        Your account is not linked to a business yet. Ask the owner of your business to invite you, or sign in
        with another account.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button component={RouterLink} to="/login" variant="contained">
          Sign in
        </Button>
        <Button href="/" variant="outlined">
          Home
        </Button>
      </Box>
    </CenteredPage>
  );
}
