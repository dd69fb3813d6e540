/**
 * The database role requests run as: no BYPASSRLS, not the owner of the tables. In a file of its
 * own so that the migration step (and the test set-up that runs it) needs nothing else.
 */
export const APP_ROLE = 'app_tenant';
