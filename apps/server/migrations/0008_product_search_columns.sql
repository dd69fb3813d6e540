ALTER TABLE "products" ADD COLUMN "sku_lower" text GENERATED ALWAYS AS (lower(sku)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL;--> statement-breakpoint
-- The product search (products/product-list.repository.ts): a prefix is a range on these columns
-- with the text_pattern_ops operators (~>=~, ~<~), which are leakproof, so row-level security
-- lets them be index conditions. The partial indexes on active rows also cover the id and SKU:
-- matches are counted and sorted without reading the table.
CREATE INDEX products_sku_prefix_idx ON products (business_id, location_id, sku_lower text_pattern_ops);
--> statement-breakpoint
CREATE INDEX products_name_prefix_idx ON products (business_id, location_id, name_lower text_pattern_ops);
--> statement-breakpoint
CREATE INDEX products_sku_search_idx ON products (business_id, location_id, sku_lower text_pattern_ops) INCLUDE (id, sku) WHERE active;
--> statement-breakpoint
CREATE INDEX products_name_search_idx ON products (business_id, location_id, name_lower text_pattern_ops) INCLUDE (id, sku) WHERE active;
