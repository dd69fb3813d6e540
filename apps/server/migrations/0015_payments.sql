CREATE TABLE "payment_events" (
	"business_id" uuid NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscription_checkouts" (
	"business_id" uuid NOT NULL,
	"id" text NOT NULL,
	"plan_id" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_checkouts_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "subscription_checkouts_status_known" CHECK ("subscription_checkouts"."status" in ('open', 'complete', 'expired'))
);
--> statement-breakpoint
CREATE INDEX "subscription_checkouts_open_idx" ON "subscription_checkouts" USING btree ("business_id") WHERE "subscription_checkouts"."status" = 'open';--> statement-breakpoint
-- Custom: two tenant tables (DESIGN 4), RLS FORCE'd with the one policy. Applied provider events
-- are only ever added (a replay must find its id); checkouts change status and are never deleted
-- by a request.
ALTER TABLE payment_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payment_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_events
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT ON payment_events TO app_tenant;
--> statement-breakpoint
ALTER TABLE subscription_checkouts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE subscription_checkouts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON subscription_checkouts
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON subscription_checkouts TO app_tenant;
