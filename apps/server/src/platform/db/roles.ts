/** The database role requests run as: no BYPASSRLS, not the owner of the tables. */
export const APP_ROLE = 'app_tenant';

/** The login role of the request pool: a member of APP_ROLE only (request-role.ts). */
export const REQUEST_ROLE = 'app_request';
