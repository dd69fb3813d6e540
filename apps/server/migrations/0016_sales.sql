CREATE TABLE "sale_lines" (
	"business_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"store_id" uuid NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"category_id" uuid,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"line_total" numeric(14, 2) NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_lines_business_id_sale_id_line_no_pk" PRIMARY KEY("business_id","sale_id","line_no"),
	CONSTRAINT "sale_lines_quantity_not_zero" CHECK ("sale_lines"."quantity" <> 0),
	CONSTRAINT "sale_lines_refunded_within" CHECK ("sale_lines"."refunded_quantity" >= 0 and "sale_lines"."refunded_quantity" <= greatest("sale_lines"."quantity", 0))
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text DEFAULT 'SALE' NOT NULL,
	"refund_of" uuid,
	"store_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"customer_ref" text,
	"subtotal" numeric(14, 2) NOT NULL,
	"discount_total" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"units" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "sales_kind_known" CHECK ("sales"."kind" in ('SALE', 'REFUND')),
	CONSTRAINT "sales_refund_has_sale" CHECK (("sales"."kind" = 'REFUND') = ("sales"."refund_of" is not null)),
	CONSTRAINT "sales_payment_method_known" CHECK ("sales"."payment_method" in ('CASH', 'CARD', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "sales_daily_products" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"barcode" text,
	"category_id" uuid,
	"quantity" bigint NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	CONSTRAINT "sales_daily_products_business_id_store_id_day_product_id_pk" PRIMARY KEY("business_id","store_id","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_stores" (
	"business_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"transactions" integer NOT NULL,
	"units" bigint NOT NULL,
	CONSTRAINT "sales_daily_stores_business_id_store_id_day_pk" PRIMARY KEY("business_id","store_id","day")
);
--> statement-breakpoint
CREATE INDEX "sale_lines_sold_at_idx" ON "sale_lines" USING btree ("business_id","sold_at");--> statement-breakpoint
CREATE INDEX "sale_lines_store_sold_at_idx" ON "sale_lines" USING btree ("business_id","store_id","sold_at");--> statement-breakpoint
CREATE INDEX "sales_sold_at_idx" ON "sales" USING btree ("business_id","sold_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_store_sold_at_idx" ON "sales" USING btree ("business_id","store_id","sold_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_refund_of_idx" ON "sales" USING btree ("business_id","refund_of") WHERE "sales"."refund_of" is not null;--> statement-breakpoint
CREATE INDEX "sales_daily_products_day_idx" ON "sales_daily_products" USING btree ("business_id","day");--> statement-breakpoint
CREATE INDEX "sales_daily_stores_day_idx" ON "sales_daily_stores" USING btree ("business_id","day");--> statement-breakpoint
-- Custom: four tenant tables (DESIGN 4), RLS FORCE'd with the one policy. Sales and their lines
-- are history: the request role inserts and reads them, and updates only a line's refunded
-- quantity (column grant); the rollups are upserted in the sale's transaction.
ALTER TABLE sales ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sales
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT ON sales TO app_tenant;
--> statement-breakpoint
ALTER TABLE sale_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sale_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sale_lines
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT ON sale_lines TO app_tenant;
--> statement-breakpoint
GRANT UPDATE (refunded_quantity) ON sale_lines TO app_tenant;
--> statement-breakpoint
ALTER TABLE sales_daily_products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_daily_products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sales_daily_products
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON sales_daily_products TO app_tenant;
--> statement-breakpoint
ALTER TABLE sales_daily_stores ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_daily_stores FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sales_daily_stores
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON sales_daily_stores TO app_tenant;
