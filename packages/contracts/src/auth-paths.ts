// No zod here: the web's first load imports these constants.
/**
 * The sign-in calls, on their own: the web's first load (sign-in, session renewal) imports only
 * these, so the paths of every other area stay out of /login's scripts (bench web-size). A module
 * of its own: a bundler places a whole module in one chunk, and paths.ts goes with the pages.
 */
export const AUTH_PATHS = {
  register: '/api/auth/register',
  login: '/api/auth/login',
  verifyEmail: '/api/auth/verify-email',
  verifyEmailResend: '/api/auth/verify-email/resend',
  linkStatus: '/api/auth/link-status',
  resetPasswordRequest: '/api/auth/reset-password/request',
  resetPasswordConfirm: '/api/auth/reset-password/confirm',
  logout: '/api/auth/logout',
  refresh: '/api/auth/refresh',
  /** The demo's sign-in for the login page; only when the server runs with DEMO=1 (else 404). */
  demo: '/api/demo',
} as const;

/** Where a new staff member sets a password (from the invitation link); with the sign-in calls. */
export const VALIDATE_ACCOUNT_PATH = '/api/users/validate-account';
