CREATE INDEX "loyalty_members_name_idx" ON "loyalty_members" USING btree ("business_id","name","card_code");--> statement-breakpoint
CREATE INDEX "loyalty_members_points_idx" ON "loyalty_members" USING btree ("business_id","points" DESC NULLS LAST,"card_code");--> statement-breakpoint
CREATE INDEX "loyalty_members_newest_idx" ON "loyalty_members" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "loyalty_members" DROP COLUMN "tier";