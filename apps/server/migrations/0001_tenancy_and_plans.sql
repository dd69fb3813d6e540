-- Tenancy (DESIGN section 4). Requests run as app_tenant: no BYPASSRLS, owns nothing, so the
-- row-level security policies below always apply to it. Roles are global to the cluster, so the
-- creation is idempotent (several databases of one cluster share the role).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_tenant') THEN
    CREATE ROLE app_tenant NOLOGIN NOBYPASSRLS NOINHERIT;
  END IF;
END
$$;
--> statement-breakpoint
-- The connecting (owner) role must be able to SET ROLE app_tenant when it is not a superuser.
DO $$
BEGIN
  EXECUTE format('GRANT app_tenant TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'app_tenant already granted to %', current_user;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO app_tenant;
--> statement-breakpoint
-- Plans are data (DESIGN section 6); the web and the plan gate read them.
REVOKE INSERT, UPDATE, DELETE ON plans FROM app_tenant;
--> statement-breakpoint
-- Every tenant table: RLS enabled and FORCE'd (the owner is held to it too), one policy comparing
-- the row's business with the transaction's app.business_id. Unset -> NULL -> no rows.
ALTER TABLE businesses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE businesses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON businesses
  USING (id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE audit_logs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_logs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_logs
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
INSERT INTO plans (id, name, price_monthly, max_stores, max_warehouses, max_products, max_staff_users, features) VALUES
  ('FREE', 'Free', 0, 1, 1, 100, 2, ARRAY['ANALYTICS_BASIC']),
  ('BASIC', 'Basic', 29, 3, 2, 2000, 10, ARRAY['ANALYTICS_BASIC','BULK_UPLOAD','DISCOUNTS','AUDIT_LOG','LOYALTY','BROADCAST_ALERTS']),
  ('ADVANCED', 'Advanced', 79, 10, 5, 20000, 50, ARRAY['ANALYTICS_BASIC','BULK_UPLOAD','DISCOUNTS','AUDIT_LOG','LOYALTY','BROADCAST_ALERTS','ANALYTICS_ADVANCED','AI_REPORT','EXPORT']),
  ('SUPREME', 'Supreme', 199, NULL, NULL, NULL, NULL, ARRAY['ANALYTICS_BASIC','BULK_UPLOAD','DISCOUNTS','AUDIT_LOG','LOYALTY','BROADCAST_ALERTS','ANALYTICS_ADVANCED','AI_REPORT','EXPORT','ANALYTICS_SUPREME','FORECAST']);
