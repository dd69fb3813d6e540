CREATE TABLE "inventory_position_gaps" (
	"business_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"list_position" bigint NOT NULL,
	CONSTRAINT "inventory_position_gaps_business_id_location_id_list_position_pk" PRIMARY KEY("business_id","location_id","list_position")
);
--> statement-breakpoint
CREATE TABLE "inventory_positions" (
	"business_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"last_position" bigint NOT NULL,
	CONSTRAINT "inventory_positions_business_id_location_id_pk" PRIMARY KEY("business_id","location_id")
);
--> statement-breakpoint
-- Edited: drizzle-kit adds the column NOT NULL at once, which fails on a table that holds items.
-- Existing items take positions in the order they were created, then the column is made NOT NULL.
ALTER TABLE "inventory_items" ADD COLUMN "list_position" bigint;--> statement-breakpoint
UPDATE inventory_items i SET list_position = numbered.position
FROM (
  SELECT business_id, id,
    row_number() OVER (PARTITION BY business_id, location_id ORDER BY created_at, id) AS position
  FROM inventory_items
) numbered
WHERE numbered.business_id = i.business_id AND numbered.id = i.id;--> statement-breakpoint
ALTER TABLE "inventory_items" ALTER COLUMN "list_position" SET NOT NULL;--> statement-breakpoint
INSERT INTO inventory_positions (business_id, location_id, last_position)
SELECT business_id, location_id, max(list_position) FROM inventory_items GROUP BY business_id, location_id;--> statement-breakpoint
ALTER TABLE "inventory_position_gaps" ADD CONSTRAINT "inventory_position_gaps_location_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_positions" ADD CONSTRAINT "inventory_positions_location_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_position_key" ON "inventory_items" USING btree ("business_id","location_id","list_position");
--> statement-breakpoint
-- Custom: the retired items of a location, which the active stock table steps over (few: a
-- partial index, read without the table).
CREATE INDEX inventory_items_retired_position_idx ON inventory_items (business_id, location_id, list_position) WHERE NOT active;
--> statement-breakpoint
-- Custom: tenant tables (DESIGN 4), RLS FORCE'd with the one policy. The request role hands out
-- positions (INSERT, and UPDATE of the counter) and records gaps; it never deletes either: they
-- go with their location (ON DELETE CASCADE, run by the foreign key as the owner).
ALTER TABLE inventory_positions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE inventory_positions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON inventory_positions
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON inventory_positions TO app_tenant;
--> statement-breakpoint
ALTER TABLE inventory_position_gaps ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE inventory_position_gaps FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON inventory_position_gaps
  USING (business_id = nullif(current_setting('app.business_id', true), '')::uuid)
  WITH CHECK (business_id = nullif(current_setting('app.business_id', true), '')::uuid);
--> statement-breakpoint
GRANT SELECT, INSERT ON inventory_position_gaps TO app_tenant;
