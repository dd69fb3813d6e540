CREATE TABLE "alert_reads" (
	"business_id" uuid NOT NULL,
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_reads_business_id_alert_id_user_id_pk" PRIMARY KEY("business_id","alert_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"severity" text NOT NULL,
	"scope" text NOT NULL,
	"store_id" uuid,
	"roles" text[],
	"expires_at" timestamp with time zone,
	"dedupe_key" text,
	"resolved_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "alerts_kind_known" CHECK ("alerts"."kind" in ('BROADCAST', 'SYSTEM')),
	CONSTRAINT "alerts_severity_known" CHECK ("alerts"."severity" in ('INFO', 'WARNING', 'CRITICAL')),
	CONSTRAINT "alerts_scope_store" CHECK (("alerts"."scope" = 'STORE') = ("alerts"."store_id" is not null) and "alerts"."scope" in ('BUSINESS', 'STORE'))
);
--> statement-breakpoint
ALTER TABLE "alert_reads" ADD CONSTRAINT "alert_reads_alert_fk" FOREIGN KEY ("business_id","alert_id") REFERENCES "public"."alerts"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_created_idx" ON "alerts" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_store_idx" ON "alerts" USING btree ("business_id","store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Custom: one open system alert per condition (a product under its reorder point raises once
-- until it recovers).
CREATE UNIQUE INDEX alerts_open_condition_key ON alerts (business_id, dedupe_key) WHERE dedupe_key IS NOT NULL AND resolved_at IS NULL;
--> statement-breakpoint
-- Custom: tenant tables (DESIGN 4), RLS FORCE'd with the one policy. Reads are appended and kept.
ALTER TABLE alerts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE alerts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON alerts
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON alerts TO app_tenant;
--> statement-breakpoint
ALTER TABLE alert_reads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE alert_reads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON alert_reads
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT ON alert_reads TO app_tenant;
