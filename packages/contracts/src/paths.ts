/** API paths of DESIGN section 3. Both the server routes and the web endpoints use these. */
export const API = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  auth: {
    register: '/api/auth/register',
    login: '/api/auth/login',
    verifyEmail: '/api/auth/verify-email',
    verifyEmailResend: '/api/auth/verify-email/resend',
    linkStatus: '/api/auth/link-status',
    resetPasswordRequest: '/api/auth/reset-password/request',
    resetPasswordConfirm: '/api/auth/reset-password/confirm',
    logout: '/api/auth/logout',
    refresh: '/api/auth/refresh',
  },
  users: {
    root: '/api/users',
    byId: '/api/users/:id',
    validateAccount: '/api/users/validate-account',
  },
  businesses: {
    create: '/api/businesses/create',
    byId: '/api/businesses/:id',
    setupProgress: '/api/businesses/:id/setup-progress',
  },
  blobs: {
    /** The specification's /azure-blob/download-image (logos, later product images). */
    downloadImage: '/api/azure-blob/download-image',
  },
} as const;

/** Web routes that e-mailed links point at. */
export const WEB_ROUTES = {
  login: '/login',
  /** Where an expired or used verification link lands: the login page offers a new link. */
  verificationExpired: '/login?verification=expired',
  resetPassword: '/reset-password',
  validateAccount: '/validate-account',
} as const;
