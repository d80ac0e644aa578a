-- search (decision 018): full text and trigrams on PostgreSQL itself; both extensions are trusted (no superuser
-- needed) and ship in PGlite's contrib
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- every insert and every update of a searched field recomputes the listing's search columns, the brand's name and
-- aliases looked up here: whatever code writes a listing, search stays right
CREATE FUNCTION product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  brand_words text;
BEGIN
  SELECT concat_ws(' ', b.name, array_to_string(b.aliases, ' ')) INTO brand_words FROM brand b WHERE b.id = NEW.brand_id;
  NEW.search_vector :=
    setweight(to_tsvector('english', unaccent(coalesce(brand_words, ''))), 'A') ||
    setweight(to_tsvector('english', unaccent(NEW.title)), 'B') ||
    setweight(to_tsvector('english', unaccent(concat_ws(' ', NEW.colour, NEW.material, NEW.category))), 'C') ||
    setweight(to_tsvector('english', unaccent(NEW.description)), 'D');
  NEW.search_text := lower(unaccent(concat_ws(' ', brand_words, NEW.title)));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_search_refresh BEFORE INSERT OR UPDATE OF title, description, brand_id, colour, material, category
  ON product FOR EACH ROW EXECUTE FUNCTION product_search_refresh();--> statement-breakpoint
-- a renamed brand (or new aliases) re-indexes its listings: touching brand_id fires the trigger above
CREATE FUNCTION brand_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product SET brand_id = brand_id WHERE brand_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER brand_search_refresh AFTER UPDATE OF name, aliases ON brand FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.aliases IS DISTINCT FROM NEW.aliases)
  EXECUTE FUNCTION brand_search_refresh();--> statement-breakpoint
-- the listings already there, before the indexes (building them once is quicker than updating them per row)
UPDATE product SET title = title;--> statement-breakpoint
CREATE INDEX "product_search_vector_idx" ON "product" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "product_search_text_idx" ON "product" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_price_listing_idx" ON "product" USING btree ("resell_price","id") WHERE "product"."status" = 'available';--> statement-breakpoint
CREATE INDEX "product_brand_listing_idx" ON "product" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "product"."status" = 'available';
