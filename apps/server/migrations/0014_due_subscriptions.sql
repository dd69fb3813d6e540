-- Custom: the renewal sweep (DESIGN 14) finds due subscriptions of every business. Requests and
-- jobs run as app_tenant, whose policy shows one business at a time; this function, owned by the
-- table owner, answers only ids (business_id, id) of open subscriptions whose end of period or
-- next retry has passed. Each one is then renewed or expired by its own job through inTenant.
--
-- The owner is held to the FORCE'd policy too (and need not be a superuser with DATABASE_URL):
-- a read-only policy for the owner role lets this function see every row.
DO $$
BEGIN
  EXECUTE format(
    'CREATE POLICY renewal_sweep ON subscriptions FOR SELECT TO %I USING (true)',
    current_user
  );
END
$$;
--> statement-breakpoint
CREATE FUNCTION app_due_subscriptions(p_at timestamptz, p_limit integer)
  RETURNS TABLE (business_id uuid, id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
    SELECT s.business_id, s.id
    FROM public.subscriptions s
    WHERE s.status <> 'EXPIRED' AND coalesce(s.next_charge_at, s.end_date) <= p_at
    ORDER BY coalesce(s.next_charge_at, s.end_date)
    LIMIT greatest(0, least(p_limit, 10000))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_due_subscriptions(timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_due_subscriptions(timestamptz, integer) TO app_tenant;
