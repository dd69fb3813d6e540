CREATE TABLE "stock_ledger" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" text NOT NULL,
	"cause" text,
	"reference" text,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "stock_ledger_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "stock_ledger_reason_known" CHECK ("stock_ledger"."reason" in ('SALE', 'ADJUSTMENT', 'COUNT', 'MOVEMENT_OUT', 'MOVEMENT_IN', 'MOVEMENT_RETURN', 'UPLOAD')),
	CONSTRAINT "stock_ledger_quantity_after_not_negative" CHECK ("stock_ledger"."quantity_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"batch_id" uuid,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"source_location_id" uuid NOT NULL,
	"destination_location_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"note" text,
	"source_code_hash" text NOT NULL,
	"destination_code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"codes_printed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_validated_at" timestamp with time zone,
	"source_validated_by" uuid,
	"destination_validated_at" timestamp with time zone,
	"destination_validated_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	CONSTRAINT "stock_movements_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "stock_movements_status_known" CHECK ("stock_movements"."status" in ('PENDING', 'IN_TRANSIT', 'COMPLETED', 'CANCELLED')),
	CONSTRAINT "stock_movements_quantity_positive" CHECK ("stock_movements"."quantity" > 0),
	CONSTRAINT "stock_movements_two_places" CHECK ("stock_movements"."source_location_id" <> "stock_movements"."destination_location_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_business_id_user_id_key_pk" PRIMARY KEY("business_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_source_fk" FOREIGN KEY ("business_id","source_location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_destination_fk" FOREIGN KEY ("business_id","destination_location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_item_idx" ON "stock_ledger" USING btree ("business_id","inventory_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_batch_idx" ON "stock_movements" USING btree ("business_id","batch_id");--> statement-breakpoint
CREATE INDEX "stock_movements_open_source_idx" ON "stock_movements" USING btree ("business_id","source_location_id","product_id") WHERE "stock_movements"."status" in ('PENDING', 'IN_TRANSIT');--> statement-breakpoint
CREATE INDEX "stock_movements_open_destination_idx" ON "stock_movements" USING btree ("business_id","destination_location_id","sku") WHERE "stock_movements"."status" = 'IN_TRANSIT';
--> statement-breakpoint
-- Custom: tenant tables (DESIGN 4), RLS FORCE'd with the one policy. The ledger is append-only
-- for the request role: history cannot be rewritten, only added to.
ALTER TABLE stock_ledger ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stock_ledger FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stock_ledger
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT ON stock_ledger TO app_tenant;
--> statement-breakpoint
ALTER TABLE stock_movements ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stock_movements FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stock_movements
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON stock_movements TO app_tenant;
--> statement-breakpoint
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON idempotency_keys
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO app_tenant;
