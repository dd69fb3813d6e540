CREATE TABLE "subscriptions" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"provider_ref" text,
	"failed_charges" integer DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "subscriptions_status_known" CHECK ("subscriptions"."status" in ('ACTIVE', 'CANCELED', 'EXPIRED')),
	CONSTRAINT "subscriptions_provider_known" CHECK ("subscriptions"."provider" in ('sandbox', 'stripe')),
	CONSTRAINT "subscriptions_period" CHECK ("subscriptions"."end_date" > "subscriptions"."start_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_open_key" ON "subscriptions" USING btree ("business_id") WHERE "subscriptions"."status" <> 'EXPIRED';--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("end_date") WHERE "subscriptions"."status" <> 'EXPIRED';--> statement-breakpoint
-- Custom: a tenant table (DESIGN 4), RLS FORCE'd with the one policy. Subscriptions are never
-- deleted by a request: an ended one is EXPIRED and stays for the history.
ALTER TABLE subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON subscriptions
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON subscriptions TO app_tenant;
