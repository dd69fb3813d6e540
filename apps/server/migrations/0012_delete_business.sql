-- Deleting a business (DELETE /api/businesses/{id}, modules/access/business-deletion.service.ts).
--
-- A user leaves a business only here: the trigger of migration 0004 refuses any change of a set
-- business_id, except to NULL by a role other than app_tenant in a transaction that declared the
-- deletion of that very business (app.deleting_business, set by app_delete_business below, which
-- runs as the owner). app_tenant cannot become another role, so a request can never detach a user
-- by setting the variable itself.
CREATE OR REPLACE FUNCTION users_keep_business() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, public
  AS $$
BEGIN
  IF OLD.business_id IS NOT NULL AND NEW.business_id IS DISTINCT FROM OLD.business_id
     AND NOT (NEW.business_id IS NULL AND current_user <> 'app_tenant'
              AND current_setting('app.deleting_business', true) = OLD.business_id::text) THEN
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
-- Removes every row of the transaction's business, called by one of its owners in a request
-- transaction (app.business_id and app.user_id as inTenant sets them). It runs as the owner of
-- the schema because stock_ledger and audit_logs are append-only for app_tenant.
--
-- The tables are found in the catalogue (every table of public with a business_id column), so a
-- table added later is covered without editing this function. They are emptied one by one; a
-- table whose rows are still referenced by another table's foreign key is tried again after the
-- others, until none is left (a pass where every table is refused is an error: a cycle to look
-- at); then every table again, until a whole pass deletes nothing.
-- Users are global and never deleted: staff accounts are anonymised as a deleted user is, owners
-- are detached and set up a business again at their next sign-in; both lose their sessions.
CREATE FUNCTION app_delete_business(p_business_id uuid) RETURNS void
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_caller uuid := nullif(current_setting('app.user_id', true), '')::uuid;
  v_tables text[];
  v_pending text[];
  v_refused text[];
  v_count bigint;
  v_deleted bigint := 0;
  v_table text;
  v_progress boolean;
BEGIN
  IF p_business_id IS NULL
     OR p_business_id IS DISTINCT FROM nullif(current_setting('app.business_id', true), '')::uuid THEN
    RAISE EXCEPTION 'only the business of the transaction can be deleted'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- Locked to the end: a second deletion, or a close, waits and then finds nothing.
  PERFORM 1 FROM public.businesses WHERE id = p_business_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no business %', p_business_id USING ERRCODE = 'no_data_found';
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM public.users u
    WHERE u.id = v_caller AND u.business_id = p_business_id AND 'ROLE_BUSINESS_OWNER' = ANY (u.roles)
      AND u.disabled_at IS NULL AND u.deleted_at IS NULL
  ) THEN
    RAISE EXCEPTION 'only an owner of the business can delete it' USING ERRCODE = 'insufficient_privilege';
  END IF;

  PERFORM set_config('app.deleting_business', p_business_id::text, true);
  -- Open links (invitations, e-mail changes, resets) of staff would otherwise set a password on
  -- an anonymised account.
  DELETE FROM public.one_time_tokens t USING public.users u
  WHERE t.user_id = u.id AND u.business_id = p_business_id AND NOT ('ROLE_BUSINESS_OWNER' = ANY (u.roles));
  UPDATE public.users SET
    email = 'deleted-' || id::text || '@deleted.invalid',
    username = NULL, full_name = 'Deleted user', phone_number = NULL, picture = NULL,
    password_hash = NULL, location_id = NULL, country = NULL, zip_code = NULL, city = NULL,
    state = NULL, street = NULL, description = NULL, pending_email = NULL,
    business_id = NULL, deleted_at = coalesce(deleted_at, now()),
    token_version = token_version + 1, updated_at = now()
  WHERE business_id = p_business_id AND NOT ('ROLE_BUSINESS_OWNER' = ANY (roles));
  -- A picture under the business's prefix goes with its blobs after commit.
  UPDATE public.users SET
    business_id = NULL, location_id = NULL, token_version = token_version + 1, updated_at = now(),
    picture = CASE WHEN picture LIKE 'businesses/' || p_business_id::text || '/%' THEN NULL ELSE picture END
  WHERE business_id = p_business_id;

  v_tables := ARRAY(
    SELECT c.relname::text FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND a.attname = 'business_id' AND NOT a.attisdropped AND c.relname <> 'users'
    ORDER BY c.relname
  );
  v_pending := v_tables;
  LOOP
    v_refused := '{}';
    v_progress := false;
    FOREACH v_table IN ARRAY v_pending LOOP
      BEGIN
        EXECUTE format('DELETE FROM public.%I WHERE business_id = $1', v_table) USING p_business_id;
        GET DIAGNOSTICS v_count = ROW_COUNT;
        v_progress := true;
        v_deleted := v_deleted + v_count;
      EXCEPTION WHEN foreign_key_violation THEN
        v_refused := v_refused || v_table;
      END;
    END LOOP;
    IF cardinality(v_refused) > 0 THEN
      IF NOT v_progress THEN
        RAISE EXCEPTION 'rows of business % are held by foreign keys between %', p_business_id, v_refused;
      END IF;
      v_pending := v_refused;
    ELSIF v_deleted > 0 THEN
      -- Every table once more, until a whole pass finds nothing: each statement sees what other
      -- transactions committed before it began (a write of the business that was under way).
      v_pending := v_tables;
      v_deleted := 0;
    ELSE
      EXIT;
    END IF;
  END LOOP;
  DELETE FROM public.businesses WHERE id = p_business_id;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_delete_business(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_delete_business(uuid) TO app_tenant;
