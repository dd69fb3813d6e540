-- The token version of a user who may still sign in (not disabled, not deleted), or NULL.
-- Every request's first database round trip calls it, in the same transaction as the work, so a
-- disabled user or a reset password ends the session at once (platform/db/tenancy.ts).
CREATE FUNCTION app_principal_version(p_user_id uuid) RETURNS integer
  LANGUAGE sql STABLE
  AS $$ SELECT token_version FROM users WHERE id = p_user_id AND disabled_at IS NULL AND deleted_at IS NULL $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_principal_version(uuid) TO app_tenant;
