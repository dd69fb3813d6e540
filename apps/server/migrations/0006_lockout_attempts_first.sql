ALTER TABLE "login_failures" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- The lockout counted a failure only after the password was checked, so 50 guesses sent at once
-- all got checked. Now an attempt is counted before its check and forgotten when it succeeds.
-- The policy (10 attempts in 15 minutes lock for 15 minutes) is fixed here rather than passed in,
-- so a caller cannot lock an account for a year; only the clock is the caller's (tests move it).
DROP FUNCTION app_account_locked_until(text, timestamptz);
--> statement-breakpoint
DROP FUNCTION app_record_login_failure(text, uuid, timestamptz, integer, interval, interval);
--> statement-breakpoint
-- NULL: go ahead, the attempt is counted. Otherwise refused until then: the account is locked,
-- or 10 attempts are under way or failed within the window (the end of the oldest one's window).
CREATE FUNCTION app_begin_login_attempt(p_key text, p_now timestamptz) RETURNS timestamptz
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_until timestamptz;
  v_count integer;
  v_oldest timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('login-failures:' || p_key, 0));
  SELECT l.locked_until INTO v_until FROM public.account_locks l
    WHERE l.account_key = p_key AND l.locked_until > p_now;
  IF v_until IS NOT NULL THEN
    RETURN v_until;
  END IF;
  DELETE FROM public.login_failures f WHERE f.account_key = p_key AND f.failed_at <= p_now - interval '15 minutes';
  SELECT count(*), min(f.failed_at) INTO v_count, v_oldest FROM public.login_failures f WHERE f.account_key = p_key;
  IF v_count >= 10 THEN
    RETURN v_oldest + interval '15 minutes';
  END IF;
  INSERT INTO public.login_failures (account_key, failed_at) VALUES (p_key, p_now);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A success forgets the account's failures. A failure keeps its count; the one that makes 10
-- within the window locks the account for 15 minutes and answers the end of the lock (the
-- caller mails the owner once), else NULL.
CREATE FUNCTION app_finish_login_attempt(p_key text, p_succeeded boolean, p_user_id uuid, p_now timestamptz)
  RETURNS timestamptz
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_count integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('login-failures:' || p_key, 0));
  IF p_succeeded THEN
    DELETE FROM public.login_failures f WHERE f.account_key = p_key;
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM public.account_locks l WHERE l.account_key = p_key AND l.locked_until > p_now) THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO v_count FROM public.login_failures f
    WHERE f.account_key = p_key AND f.failed_at > p_now - interval '15 minutes';
  IF v_count < 10 THEN
    RETURN NULL;
  END IF;
  DELETE FROM public.login_failures f WHERE f.account_key = p_key;
  INSERT INTO public.account_locks (account_key, user_id, locked_until, failures, notified_at)
    VALUES (p_key, p_user_id, p_now + interval '15 minutes', v_count, p_now)
    ON CONFLICT (account_key) DO UPDATE
      SET user_id = excluded.user_id, locked_until = excluded.locked_until,
          failures = excluded.failures, notified_at = excluded.notified_at;
  RETURN p_now + interval '15 minutes';
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_begin_login_attempt(text, timestamptz) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_finish_login_attempt(text, boolean, uuid, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_begin_login_attempt(text, timestamptz) TO app_tenant;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_finish_login_attempt(text, boolean, uuid, timestamptz) TO app_tenant;
