import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../components/router-link';
import { AuthLayout } from './components/auth-layout';
import { ResendVerificationForm } from './components/resend-verification-form';

export const VERIFICATION_EXPIRED_TITLE = 'This link has expired';

/**
 * Where a used or expired verification link lands (/login?verification=expired): says what
 * happened and mails a new link. Loaded only then, so /login's first load stays small.
 */
export function VerificationExpiredPage() {
  return (
    <AuthLayout
      title={VERIFICATION_EXPIRED_TITLE}
      subtitle="Verification links work once and for 24 hours. Enter the address you signed up with and we will send you a new one."
      footer={
        <>
          Verified already?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </>
      }
    >
      <ResendVerificationForm />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        The new link replaces the old ones. Check your spam folder if it does not arrive within a few minutes.
      </Typography>
    </AuthLayout>
  );
}
