CREATE INDEX "loyalty_point_entries_due_idx" ON "loyalty_point_entries" USING btree ("expires_at") WHERE "loyalty_point_entries"."remaining" > 0;--> statement-breakpoint
-- Custom: the businesses with points past their expiry, for the expiry sweep (DESIGN 14). Requests
-- see one business; the sweep needs every business's lots, so this answers ids only, as
-- app_due_subscriptions does for renewals.
CREATE FUNCTION app_businesses_with_expired_points(p_at timestamptz, p_limit integer)
  RETURNS TABLE (business_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
    SELECT DISTINCT e.business_id
    FROM public.loyalty_point_entries e
    WHERE e.remaining > 0 AND e.expires_at <= p_at
    LIMIT greatest(0, least(p_limit, 10000))
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_businesses_with_expired_points(timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_businesses_with_expired_points(timestamptz, integer) TO app_tenant;
