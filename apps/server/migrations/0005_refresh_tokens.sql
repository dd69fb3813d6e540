CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_version" integer NOT NULL,
	"family_started_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
-- Global and FORCE'd: app_tenant sees the token whose hash the transaction presents
-- (app.token_hash, the renewal) and the tokens of the user it acts as (app.user_id: logout, the
-- end of a family after a stolen copy was used).
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE refresh_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY refresh_tokens_visible ON refresh_tokens FOR SELECT TO app_tenant USING (
  token_hash = nullif(current_setting('app.token_hash', true), '')
  OR user_id = nullif(current_setting('app.user_id', true), '')::uuid
);
--> statement-breakpoint
CREATE POLICY refresh_tokens_update ON refresh_tokens FOR UPDATE TO app_tenant USING (
  token_hash = nullif(current_setting('app.token_hash', true), '')
  OR user_id = nullif(current_setting('app.user_id', true), '')::uuid
);
--> statement-breakpoint
CREATE POLICY refresh_tokens_insert ON refresh_tokens FOR INSERT TO app_tenant WITH CHECK (
  user_id = nullif(current_setting('app.user_id', true), '')::uuid
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON refresh_tokens TO app_tenant;
