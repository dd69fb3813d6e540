/** API paths of DESIGN section 3. Both the server routes and the web endpoints use these. */
export const API = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  auth: {
    register: '/api/auth/register',
    login: '/api/auth/login',
    verifyEmail: '/api/auth/verify-email',
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
  },
  blobs: {
    /** The specification's /azure-blob/download-image (logos, later product images). */
    downloadImage: '/api/azure-blob/download-image',
  },
} as const;

/** Web routes that e-mailed links point at. */
export const WEB_ROUTES = {
  login: '/login',
  resetPassword: '/reset-password',
  validateAccount: '/validate-account',
} as const;
