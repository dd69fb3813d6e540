CREATE TABLE "reports" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"question" text NOT NULL,
	"body" jsonb NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "reports_kind_known" CHECK ("reports"."kind" in ('BASIC', 'ADVANCED', 'SUPREME', 'FORECAST')),
	CONSTRAINT "reports_provider_known" CHECK ("reports"."provider" in ('built-in', 'language-model'))
);
--> statement-breakpoint
CREATE INDEX "reports_creator_idx" ON "reports" USING btree ("business_id","created_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Custom: a tenant table (DESIGN 4), RLS FORCE'd with the one policy. A report is never changed;
-- its author may delete it.
ALTER TABLE reports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE reports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON reports
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON reports TO app_tenant;
