-- Narrow privileges for the request role (app_tenant). Until now it could read and write every
-- row of users and one_time_tokens, and default privileges gave it every future table. From here
-- on, each table states what app_tenant may do, and global rows are reached through policies keyed
-- by transaction settings or through SECURITY DEFINER functions:
--   app.business_id  the tenant (from the verified token)
--   app.user_id      the signed-in user, or the user a consumed link token belongs to
--   app.lookup       a lower-cased e-mail or username the transaction asks about (sign-in,
--                    registration, reset request)
--   app.token_hash   the SHA-256 of a link token being consumed
-- test/platform/tenancy.int.test.ts fails for a table that is neither FORCE'd RLS nor on its
-- commented exempt list, and for privileges that differ from its expected map.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM app_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM app_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON businesses TO app_tenant;
--> statement-breakpoint
-- The audit log is append-only for requests.
GRANT SELECT, INSERT ON audit_logs TO app_tenant;
--> statement-breakpoint
GRANT SELECT ON plans TO app_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON users TO app_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON one_time_tokens TO app_tenant;
--> statement-breakpoint
-- Users: RLS enabled, not FORCE'd, so that the owner's SECURITY DEFINER session check below reads
-- any user by id. app_tenant sees itself, the users of its business, and the one account a
-- transaction looks up by e-mail or username.
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY users_visible ON users FOR SELECT TO app_tenant USING (
  id = nullif(current_setting('app.user_id', true), '')::uuid
  OR business_id = nullif(current_setting('app.business_id', true), '')::uuid
  OR lower(email) = nullif(current_setting('app.lookup', true), '')
  OR lower(username) = nullif(current_setting('app.lookup', true), '')
);
--> statement-breakpoint
-- A new user belongs to the transaction's business, or to none (a self-registered owner).
CREATE POLICY users_insert ON users FOR INSERT TO app_tenant WITH CHECK (
  business_id IS NOT DISTINCT FROM nullif(current_setting('app.business_id', true), '')::uuid
);
--> statement-breakpoint
CREATE POLICY users_update ON users FOR UPDATE TO app_tenant USING (
  id = nullif(current_setting('app.user_id', true), '')::uuid
  OR business_id = nullif(current_setting('app.business_id', true), '')::uuid
  OR lower(email) = nullif(current_setting('app.lookup', true), '')
  OR lower(username) = nullif(current_setting('app.lookup', true), '')
);
--> statement-breakpoint
-- A user joins a business once (the owner at business setup) and never moves to another: a
-- policy cannot compare with the old row, so a trigger holds it.
CREATE FUNCTION users_keep_business() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public
  AS $$
BEGIN
  IF OLD.business_id IS NOT NULL AND NEW.business_id IS DISTINCT FROM OLD.business_id THEN
    RAISE EXCEPTION 'a user cannot move to another business' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.business_id IS NULL AND NEW.business_id IS NOT NULL
     AND NEW.business_id IS DISTINCT FROM nullif(current_setting('app.business_id', true), '')::uuid
     AND current_user = 'app_tenant' THEN
    RAISE EXCEPTION 'a user joins only the business of the transaction' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_keep_business BEFORE UPDATE OF business_id ON users
  FOR EACH ROW EXECUTE FUNCTION users_keep_business();
--> statement-breakpoint
-- Link tokens: the one whose hash the transaction presents, or those of a user it can see.
ALTER TABLE one_time_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY one_time_tokens_visible ON one_time_tokens FOR SELECT TO app_tenant USING (
  token_hash = nullif(current_setting('app.token_hash', true), '')
  OR EXISTS (SELECT 1 FROM users u WHERE u.id = one_time_tokens.user_id)
);
--> statement-breakpoint
CREATE POLICY one_time_tokens_update ON one_time_tokens FOR UPDATE TO app_tenant USING (
  token_hash = nullif(current_setting('app.token_hash', true), '')
  OR EXISTS (SELECT 1 FROM users u WHERE u.id = one_time_tokens.user_id)
) WITH CHECK (
  token_hash = nullif(current_setting('app.token_hash', true), '')
  OR EXISTS (SELECT 1 FROM users u WHERE u.id = one_time_tokens.user_id)
);
--> statement-breakpoint
CREATE POLICY one_time_tokens_insert ON one_time_tokens FOR INSERT TO app_tenant WITH CHECK (
  EXISTS (SELECT 1 FROM users u WHERE u.id = one_time_tokens.user_id)
);
--> statement-breakpoint
-- The session check of every signed-in request (platform/auth/session-check.ts): the user's
-- token version while the user may still act and the token was not ended by logout, else NULL.
-- It runs before the handler, outside any transaction, as the login role; it tells nothing but
-- a version number for an id already known, so every role may call it.
CREATE FUNCTION app_session_version(p_user_id uuid, p_jti uuid) RETURNS integer
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
    SELECT u.token_version FROM public.users u
    WHERE u.id = p_user_id AND u.disabled_at IS NULL AND u.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM public.revoked_tokens r WHERE r.jti = p_jti)
  $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_session_version(uuid, uuid) TO PUBLIC;
--> statement-breakpoint
DROP FUNCTION app_principal_version(uuid);
--> statement-breakpoint
-- Logout ends a token until its expiry; expired entries are swept on the way.
CREATE FUNCTION app_revoke_token(p_jti uuid, p_user_id uuid, p_expires_at timestamptz) RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
    DELETE FROM public.revoked_tokens WHERE expires_at < now();
    INSERT INTO public.revoked_tokens (jti, user_id, expires_at) VALUES (p_jti, p_user_id, p_expires_at)
      ON CONFLICT (jti) DO NOTHING;
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_revoke_token(uuid, uuid, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_revoke_token(uuid, uuid, timestamptz) TO app_tenant;
--> statement-breakpoint
-- Per-account lockout (modules/access/sign-in-guard.ts). The clock is the caller's, so tests can
-- move it. app_tenant has no privilege on the tables, only these three functions.
CREATE FUNCTION app_account_locked_until(p_key text, p_now timestamptz) RETURNS timestamptz
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$ SELECT l.locked_until FROM public.account_locks l WHERE l.account_key = p_key AND l.locked_until > p_now $$;
--> statement-breakpoint
-- Records one failed sign-in. Returns the end of the lock when this failure locked the account
-- (the caller mails the owner once), else NULL. Failures of one account are serialised by an
-- advisory lock, so two at once cannot both lock it (and mail twice) or both miss the threshold.
CREATE FUNCTION app_record_login_failure(
  p_key text, p_user_id uuid, p_now timestamptz, p_max integer, p_window interval, p_lock interval
) RETURNS timestamptz
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_failures integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('login-failures:' || p_key, 0));
  IF EXISTS (SELECT 1 FROM public.account_locks l WHERE l.account_key = p_key AND l.locked_until > p_now) THEN
    RETURN NULL;
  END IF;
  DELETE FROM public.login_failures f WHERE f.account_key = p_key AND f.failed_at <= p_now - p_window;
  INSERT INTO public.login_failures (account_key, failed_at) VALUES (p_key, p_now);
  SELECT count(*) INTO v_failures FROM public.login_failures f WHERE f.account_key = p_key;
  IF v_failures < p_max THEN
    RETURN NULL;
  END IF;
  DELETE FROM public.login_failures f WHERE f.account_key = p_key;
  INSERT INTO public.account_locks (account_key, user_id, locked_until, failures, notified_at)
    VALUES (p_key, p_user_id, p_now + p_lock, v_failures, p_now)
    ON CONFLICT (account_key) DO UPDATE
      SET user_id = excluded.user_id, locked_until = excluded.locked_until,
          failures = excluded.failures, notified_at = excluded.notified_at;
  RETURN p_now + p_lock;
END
$$;
--> statement-breakpoint
-- A successful sign-in forgets the failures; a successful password reset lifts the lock too.
CREATE FUNCTION app_clear_login_failures(p_key text, p_lift_lock boolean) RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
    DELETE FROM public.login_failures WHERE account_key = p_key;
    DELETE FROM public.account_locks WHERE account_key = p_key AND p_lift_lock;
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_account_locked_until(text, timestamptz) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_record_login_failure(text, uuid, timestamptz, integer, interval, interval) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_clear_login_failures(text, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_account_locked_until(text, timestamptz) TO app_tenant;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_record_login_failure(text, uuid, timestamptz, integer, interval, interval) TO app_tenant;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_clear_login_failures(text, boolean) TO app_tenant;
