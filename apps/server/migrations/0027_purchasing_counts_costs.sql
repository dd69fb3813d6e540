CREATE TABLE "cycle_count_lines" (
	"business_id" uuid NOT NULL,
	"count_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"category_id" uuid,
	"expected_quantity" integer NOT NULL,
	"unit_cost" numeric(16, 4),
	"status" text DEFAULT 'PENDING' NOT NULL,
	"counted_quantity" integer,
	"moved_since_freeze" integer,
	"previous_counted_quantity" integer,
	"counted_at" timestamp with time zone,
	"counted_by" uuid,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"applied_delta" integer,
	CONSTRAINT "cycle_count_lines_business_id_count_id_line_no_pk" PRIMARY KEY("business_id","count_id","line_no"),
	CONSTRAINT "cycle_count_lines_status_known" CHECK ("cycle_count_lines"."status" in ('PENDING', 'COUNTED', 'RECOUNT', 'ACCEPTED')),
	CONSTRAINT "cycle_count_lines_counted_not_negative" CHECK ("cycle_count_lines"."counted_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cycle_counts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"scope" jsonb NOT NULL,
	"status" text DEFAULT 'COUNTING' NOT NULL,
	"note" text,
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	CONSTRAINT "cycle_counts_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "cycle_counts_status_known" CHECK ("cycle_counts"."status" in ('COUNTING', 'COMPLETED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_counters" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "purchase_order_lines_quantity_positive" CHECK ("purchase_order_lines"."quantity" > 0),
	CONSTRAINT "purchase_order_lines_cost_not_negative" CHECK ("purchase_order_lines"."unit_cost" >= 0),
	CONSTRAINT "purchase_order_lines_received_within" CHECK ("purchase_order_lines"."received_quantity" >= 0 and "purchase_order_lines"."damaged_quantity" >= 0 and "purchase_order_lines"."damaged_quantity" <= "purchase_order_lines"."received_quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"supplier_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"expected_at" date,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" uuid,
	"received_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	CONSTRAINT "purchase_orders_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "purchase_orders_status_known" CHECK ("purchase_orders"."status" in ('DRAFT', 'SENT', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "purchase_receipts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"damaged" integer DEFAULT 0 NOT NULL,
	"note" text,
	"received_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_receipts_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "purchase_receipts_quantities" CHECK ("purchase_receipts"."quantity" > 0 and "purchase_receipts"."damaged" >= 0 and "purchase_receipts"."damaged" <= "purchase_receipts"."quantity")
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_reason_known";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "average_unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "sales_daily_products" ADD COLUMN "cost" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily_stores" ADD COLUMN "cost" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_monthly_skus" ADD COLUMN "cost" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "unit_cost" numeric(16, 4);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "received_quantity" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "discrepancy_reason" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "discrepancy_note" text;--> statement-breakpoint
ALTER TABLE "cycle_count_lines" ADD CONSTRAINT "cycle_count_lines_count_fk" FOREIGN KEY ("business_id","count_id") REFERENCES "public"."cycle_counts"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycle_counts" ADD CONSTRAINT "cycle_counts_location_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_fk" FOREIGN KEY ("business_id","order_id") REFERENCES "public"."purchase_orders"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_fk" FOREIGN KEY ("business_id","supplier_id") REFERENCES "public"."suppliers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_location_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_line_fk" FOREIGN KEY ("business_id","line_id") REFERENCES "public"."purchase_order_lines"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cycle_count_lines_product_idx" ON "cycle_count_lines" USING btree ("business_id","count_id","product_id");--> statement-breakpoint
CREATE INDEX "cycle_counts_frozen_idx" ON "cycle_counts" USING btree ("business_id","frozen_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cycle_counts_location_idx" ON "cycle_counts" USING btree ("business_id","location_id","frozen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_order_key" ON "purchase_order_lines" USING btree ("business_id","order_id","line_no");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_idx" ON "purchase_order_lines" USING btree ("business_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_key" ON "purchase_orders" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("business_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("business_id","supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_orders_location_idx" ON "purchase_orders" USING btree ("business_id","location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_receipts_order_idx" ON "purchase_receipts" USING btree ("business_id","order_id","received_at");--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_reason_known" CHECK ("stock_ledger"."reason" in ('SALE', 'ADJUSTMENT', 'COUNT', 'MOVEMENT_OUT', 'MOVEMENT_IN', 'MOVEMENT_RETURN', 'UPLOAD', 'PURCHASE', 'TRANSFER_LOSS'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_received_not_negative" CHECK ("stock_movements"."received_quantity" >= 0);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_discrepancy_known" CHECK ("stock_movements"."discrepancy_reason" in ('SHORT', 'OVER', 'DAMAGED'));--> statement-breakpoint
-- Custom: the new tenant tables (DESIGN 4), RLS FORCE'd with the one policy.
ALTER TABLE purchase_order_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE purchase_order_counters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON purchase_order_counters
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON purchase_order_counters TO app_tenant;
--> statement-breakpoint
ALTER TABLE purchase_orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE purchase_orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON purchase_orders
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON purchase_orders TO app_tenant;
--> statement-breakpoint
ALTER TABLE purchase_order_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE purchase_order_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON purchase_order_lines
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
-- A draft's lines are replaced when it is edited: DELETE is for that, and only drafts have no receipts.
GRANT SELECT, INSERT, UPDATE, DELETE ON purchase_order_lines TO app_tenant;
--> statement-breakpoint
ALTER TABLE purchase_receipts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE purchase_receipts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON purchase_receipts
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
-- Receipts are history: written once, never changed.
GRANT SELECT, INSERT ON purchase_receipts TO app_tenant;
--> statement-breakpoint
ALTER TABLE cycle_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cycle_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cycle_counts
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON cycle_counts TO app_tenant;
--> statement-breakpoint
ALTER TABLE cycle_count_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cycle_count_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cycle_count_lines
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON cycle_count_lines TO app_tenant;
--> statement-breakpoint
-- Custom: the cost of what was sold before costs were kept. Each line sold takes its product's cost
-- price (null when it had none), and the rollups sum the lines' costs. The owner is subject to the
-- forced policies like everyone: they are lifted for the backfill and forced again at once, in the
-- migration's transaction.
ALTER TABLE sale_lines NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE products NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_daily_products NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_daily_stores NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_monthly_skus NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE sale_lines l SET unit_cost = p.cost_price
FROM products p
WHERE p.business_id = l.business_id AND p.id = l.product_id AND p.cost_price IS NOT NULL;
--> statement-breakpoint
UPDATE sales_daily_products d SET cost = c.cost
FROM (
  SELECT business_id, store_id, day, product_id, sum(round(quantity * unit_cost, 2)) AS cost
  FROM sale_lines WHERE unit_cost IS NOT NULL
  GROUP BY business_id, store_id, day, product_id
) c
WHERE d.business_id = c.business_id AND d.store_id = c.store_id AND d.day = c.day AND d.product_id = c.product_id;
--> statement-breakpoint
UPDATE sales_daily_stores d SET cost = c.cost
FROM (
  SELECT business_id, store_id, day, sum(round(quantity * unit_cost, 2)) AS cost
  FROM sale_lines WHERE unit_cost IS NOT NULL
  GROUP BY business_id, store_id, day
) c
WHERE d.business_id = c.business_id AND d.store_id = c.store_id AND d.day = c.day;
--> statement-breakpoint
UPDATE sales_monthly_skus m SET cost = c.cost
FROM (
  SELECT business_id, date_trunc('month', day)::date AS month, sku, sum(cost) AS cost
  FROM sales_daily_products
  GROUP BY business_id, date_trunc('month', day), sku
) c
WHERE m.business_id = c.business_id AND m.month = c.month AND m.sku = c.sku;
--> statement-breakpoint
ALTER TABLE sale_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_daily_products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_daily_stores FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_monthly_skus FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Custom: the months of a business filled from its days (0017) carry the days' cost too.
CREATE OR REPLACE FUNCTION app_fill_sku_months(p_business_id uuid) RETURNS bigint
LANGUAGE sql SET search_path = public, pg_temp AS $$
  WITH filled AS (
    INSERT INTO sales_monthly_skus (business_id, month, sku, product_name, barcode, last_day, quantity, total, cost)
    SELECT business_id, date_trunc('month', day)::date, sku,
           (array_agg(product_name ORDER BY day DESC, product_name DESC))[1],
           (array_agg(barcode ORDER BY day DESC, product_name DESC))[1],
           max(day), sum(quantity), sum(total), sum(cost)
    FROM sales_daily_products WHERE business_id = p_business_id
    GROUP BY business_id, date_trunc('month', day), sku
    RETURNING 1
  )
  SELECT count(*) FROM filled
$$;
