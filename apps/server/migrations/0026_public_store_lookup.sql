-- Custom: the public store lookup of /scan-pay-go (issue 15). A shopper who scans a store's QR
-- code has no business and no token, so the request runs as app_tenant with no tenant set, where
-- every tenant table shows no rows. This function, owned by the table owner, crosses tenants for
-- one thing only: the name, opening hours and image key of the one active store of a business
-- that is not closed whose code equals p_code (the global unique index stores_qr_code_key; an
-- equality, never a pattern). It answers no id, business, address, phone or coordinates.
--
-- The owner is held to the FORCE'd policies too (and need not be a superuser with DATABASE_URL):
-- read-only policies for the owner role let this function see the rows, as 0014 does for the
-- renewal sweep. Deleted stores and businesses are gone from the tables (app_delete_business).
DO $$
BEGIN
  EXECUTE format(
    'CREATE POLICY public_store_lookup ON stores FOR SELECT TO %I USING (true)',
    current_user
  );
  EXECUTE format(
    'CREATE POLICY public_store_lookup ON businesses FOR SELECT TO %I USING (true)',
    current_user
  );
END
$$;
--> statement-breakpoint
CREATE FUNCTION app_public_store(p_code text)
  RETURNS TABLE (name text, opening_hours text, image_key text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
    SELECT s.name, s.opening_hours, s.image_url
    FROM public.stores s
    JOIN public.businesses b ON b.id = s.business_id
    WHERE s.qr_code = p_code AND s.active AND b.active
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_public_store(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_public_store(text) TO app_tenant;
