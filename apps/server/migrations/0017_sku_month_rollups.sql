CREATE TABLE "sales_monthly_skus" (
	"business_id" uuid NOT NULL,
	"month" date NOT NULL,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"barcode" text,
	"last_day" date NOT NULL,
	"quantity" bigint NOT NULL,
	"total" numeric(20, 2) NOT NULL,
	CONSTRAINT "sales_monthly_skus_business_id_month_sku_pk" PRIMARY KEY("business_id","month","sku")
);
--> statement-breakpoint
-- Custom: a business's months from its daily rollups (net of refunds, as the upsert keeps them),
-- each SKU named by its row of the month's last day (the greatest name on that day). For a
-- business whose months are empty: this migration, and the bulk loads (the demo, the benchmark)
-- that write days in sets. SECURITY INVOKER: under the caller's row-level security.
CREATE FUNCTION app_fill_sku_months(p_business_id uuid) RETURNS bigint
LANGUAGE sql SET search_path = public, pg_temp AS $$
  WITH filled AS (
    INSERT INTO sales_monthly_skus (business_id, month, sku, product_name, barcode, last_day, quantity, total)
    SELECT business_id, date_trunc('month', day)::date, sku,
           (array_agg(product_name ORDER BY day DESC, product_name DESC))[1],
           (array_agg(barcode ORDER BY day DESC, product_name DESC))[1],
           max(day), sum(quantity), sum(total)
    FROM sales_daily_products WHERE business_id = p_business_id
    GROUP BY business_id, date_trunc('month', day), sku
    RETURNING 1
  )
  SELECT count(*) FROM filled
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_fill_sku_months(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_fill_sku_months(uuid) TO app_tenant;
--> statement-breakpoint
SELECT app_fill_sku_months(business_id) FROM (SELECT DISTINCT business_id FROM sales_daily_products) AS sold;
--> statement-breakpoint
-- Custom: a tenant table (DESIGN 4), RLS FORCE'd with the one policy; upserted in the sale's
-- transaction beside the daily rollups.
ALTER TABLE sales_monthly_skus ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_monthly_skus FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sales_monthly_skus
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON sales_monthly_skus TO app_tenant;
