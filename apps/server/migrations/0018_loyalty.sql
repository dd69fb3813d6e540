CREATE TABLE "loyalty_builtin_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"rules" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_builtin_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "loyalty_members" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"card_code" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"lifetime_points" integer DEFAULT 0 NOT NULL,
	"tier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_members_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "loyalty_members_points_not_negative" CHECK ("loyalty_members"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_point_entries" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"program_id" uuid,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"sale_id" uuid,
	"note" text,
	"balance" integer NOT NULL,
	"remaining" integer,
	"expires_at" timestamp with time zone,
	"value" numeric(14, 2),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_point_entries_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "loyalty_point_entries_reason" CHECK ("loyalty_point_entries"."reason" in ('EARN', 'REDEEM', 'EXPIRE', 'REFUND', 'ADJUST')),
	CONSTRAINT "loyalty_point_entries_remaining" CHECK ("loyalty_point_entries"."remaining" is null or ("loyalty_point_entries"."remaining" >= 0 and "loyalty_point_entries"."remaining" <= "loyalty_point_entries"."delta"))
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"builtin_template_id" uuid,
	"template_id" uuid,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_programs_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "loyalty_programs_one_template" CHECK (("loyalty_programs"."builtin_template_id" is null) <> ("loyalty_programs"."template_id" is null))
);
--> statement-breakpoint
CREATE TABLE "loyalty_templates" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"rules" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_templates_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "loyalty_point_entries" ADD CONSTRAINT "loyalty_point_entries_member_fk" FOREIGN KEY ("business_id","member_id") REFERENCES "public"."loyalty_members"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_builtin_template_id_loyalty_builtin_templates_id_fk" FOREIGN KEY ("builtin_template_id") REFERENCES "public"."loyalty_builtin_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_template_fk" FOREIGN KEY ("business_id","template_id") REFERENCES "public"."loyalty_templates"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_members_card_key" ON "loyalty_members" USING btree ("business_id","card_code");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_members_email_key" ON "loyalty_members" USING btree ("business_id","email") WHERE "loyalty_members"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_members_phone_key" ON "loyalty_members" USING btree ("business_id","phone") WHERE "loyalty_members"."phone" is not null;--> statement-breakpoint
CREATE INDEX "loyalty_point_entries_member_idx" ON "loyalty_point_entries" USING btree ("business_id","member_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_point_entries_sale_idx" ON "loyalty_point_entries" USING btree ("business_id","sale_id");--> statement-breakpoint
CREATE INDEX "loyalty_point_entries_lots_idx" ON "loyalty_point_entries" USING btree ("business_id","expires_at") WHERE "loyalty_point_entries"."remaining" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_programs_one_active" ON "loyalty_programs" USING btree ("business_id") WHERE "loyalty_programs"."active";--> statement-breakpoint
-- Custom: a business's template names are unique whatever their case.
CREATE UNIQUE INDEX loyalty_templates_name_key ON loyalty_templates (business_id, lower(name));
--> statement-breakpoint
-- Custom: the built-in catalogue, global reference data like the plans (read-only for requests).
-- The ids are fixed: the web and the tests may name them.
INSERT INTO loyalty_builtin_templates (id, name, description, type, rules) VALUES
('0193a6f0-0000-7000-8000-000000000001', 'Points on every purchase',
 'Shoppers collect a point for each whole unit of money they spend and trade points for money off. Simple to explain at the till; points are kept for a year.',
 'POINTS',
 '{"type":"POINTS","pointsPerUnit":1,"rewards":[{"rewardId":"five-off","name":"5.00 off","pointsCost":500,"value":"5.00"},{"rewardId":"fifteen-off","name":"15.00 off","pointsCost":1200,"value":"15.00"}],"expiryMonths":12}'),
('0193a6f0-0000-7000-8000-000000000002', 'Bronze, Silver and Gold',
 'Points on every purchase, and the more a shopper has earned, the faster she earns: Silver from 1,000 points earns a quarter more, Gold from 5,000 half as much again.',
 'TIERED',
 '{"type":"TIERED","pointsPerUnit":1,"tiers":[{"name":"Bronze","threshold":0,"multiplier":1},{"name":"Silver","threshold":1000,"multiplier":1.25},{"name":"Gold","threshold":5000,"multiplier":1.5}],"rewards":[{"rewardId":"five-off","name":"5.00 off","pointsCost":500,"value":"5.00"},{"rewardId":"fifteen-off","name":"15.00 off","pointsCost":1200,"value":"15.00"}],"expiryMonths":12}'),
('0193a6f0-0000-7000-8000-000000000003', 'Stamp card',
 'A stamp for every visit of 5.00 or more; ten stamps bring a free coffee. The card of a café or a bakery, without the paper.',
 'VISITS',
 '{"type":"VISITS","visitsForReward":10,"minimumSpend":"5.00","reward":{"name":"A free coffee","value":"3.50"},"expiryMonths":6}'),
('0193a6f0-0000-7000-8000-000000000004', 'Cashback',
 'Two percent of every purchase comes back as credit to spend on the next one, a cent at a time.',
 'CASHBACK',
 '{"type":"CASHBACK","percent":2,"expiryMonths":12}');
--> statement-breakpoint
GRANT SELECT ON loyalty_builtin_templates TO app_tenant;
--> statement-breakpoint
-- Custom: tenant tables (DESIGN 4), RLS FORCE'd with the one policy. Members are never deleted by
-- requests (their ledger is history); ledger rows are appended, and only a lot's `remaining`
-- changes.
ALTER TABLE loyalty_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE loyalty_templates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON loyalty_templates
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON loyalty_templates TO app_tenant;
--> statement-breakpoint
ALTER TABLE loyalty_programs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE loyalty_programs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON loyalty_programs
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON loyalty_programs TO app_tenant;
--> statement-breakpoint
ALTER TABLE loyalty_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE loyalty_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON loyalty_members
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON loyalty_members TO app_tenant;
--> statement-breakpoint
ALTER TABLE loyalty_point_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE loyalty_point_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON loyalty_point_entries
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT ON loyalty_point_entries TO app_tenant;
--> statement-breakpoint
GRANT UPDATE (remaining) ON loyalty_point_entries TO app_tenant;
