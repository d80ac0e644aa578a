CREATE TABLE "brand" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"tier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_slug_unique" UNIQUE("slug"),
	CONSTRAINT "brand_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_history_price_ck" CHECK ("price_history"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "material" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "wear" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "measurements" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "includes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "previous_price" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","at");--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_brand_idx" ON "product" USING btree ("brand_id");--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_colour_ck" CHECK (colour is null or colour in ('black', 'white', 'beige', 'brown', 'tan', 'grey', 'red', 'pink', 'orange', 'yellow', 'green', 'blue', 'purple', 'gold', 'silver', 'multicolour'));--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_material_ck" CHECK (material is null or material in ('leather', 'patent leather', 'suede', 'canvas', 'coated canvas', 'nylon', 'denim', 'straw', 'fabric', 'exotic', 'synthetic', 'other'));
--> statement-breakpoint
INSERT INTO "brand" ("slug", "name", "aliases", "tier") VALUES
  ('chanel', 'Chanel', ARRAY[]::text[], 'luxury'),
  ('louis-vuitton', 'Louis Vuitton', ARRAY['LV', 'Vuitton']::text[], 'luxury'),
  ('hermes', 'Hermès', ARRAY['Hermes']::text[], 'luxury'),
  ('gucci', 'Gucci', ARRAY[]::text[], 'luxury'),
  ('prada', 'Prada', ARRAY[]::text[], 'luxury'),
  ('dior', 'Dior', ARRAY['Christian Dior']::text[], 'luxury'),
  ('saint-laurent', 'Saint Laurent', ARRAY['YSL', 'Yves Saint Laurent']::text[], 'luxury'),
  ('celine', 'Celine', ARRAY['Céline']::text[], 'luxury'),
  ('bottega-veneta', 'Bottega Veneta', ARRAY['BV', 'Bottega']::text[], 'luxury'),
  ('fendi', 'Fendi', ARRAY[]::text[], 'luxury'),
  ('balenciaga', 'Balenciaga', ARRAY[]::text[], 'luxury'),
  ('loewe', 'Loewe', ARRAY[]::text[], 'luxury'),
  ('givenchy', 'Givenchy', ARRAY[]::text[], 'luxury'),
  ('valentino', 'Valentino', ARRAY['Valentino Garavani']::text[], 'luxury'),
  ('burberry', 'Burberry', ARRAY[]::text[], 'luxury'),
  ('goyard', 'Goyard', ARRAY[]::text[], 'luxury'),
  ('chloe', 'Chloé', ARRAY['Chloe']::text[], 'luxury'),
  ('miu-miu', 'Miu Miu', ARRAY['MiuMiu']::text[], 'luxury'),
  ('alexander-mcqueen', 'Alexander McQueen', ARRAY['McQueen']::text[], 'luxury'),
  ('versace', 'Versace', ARRAY[]::text[], 'luxury'),
  ('dolce-gabbana', 'Dolce & Gabbana', ARRAY['D&G', 'Dolce and Gabbana', 'Dolce Gabbana']::text[], 'luxury'),
  ('ferragamo', 'Ferragamo', ARRAY['Salvatore Ferragamo']::text[], 'luxury'),
  ('jacquemus', 'Jacquemus', ARRAY[]::text[], 'luxury'),
  ('the-row', 'The Row', ARRAY[]::text[], 'luxury'),
  ('balmain', 'Balmain', ARRAY[]::text[], 'luxury'),
  ('moynat', 'Moynat', ARRAY[]::text[], 'luxury'),
  ('delvaux', 'Delvaux', ARRAY[]::text[], 'luxury'),
  ('alaia', 'Alaïa', ARRAY['Alaia', 'Azzedine Alaia']::text[], 'luxury'),
  ('marni', 'Marni', ARRAY[]::text[], 'luxury'),
  ('off-white', 'Off-White', ARRAY['Off White']::text[], 'luxury'),
  ('jw-anderson', 'JW Anderson', ARRAY['J.W. Anderson']::text[], 'luxury'),
  ('stella-mccartney', 'Stella McCartney', ARRAY[]::text[], 'luxury'),
  ('jimmy-choo', 'Jimmy Choo', ARRAY[]::text[], 'luxury'),
  ('mark-cross', 'Mark Cross', ARRAY[]::text[], 'luxury'),
  ('lanvin', 'Lanvin', ARRAY[]::text[], 'luxury'),
  ('mulberry', 'Mulberry', ARRAY[]::text[], 'premium'),
  ('coach', 'Coach', ARRAY[]::text[], 'premium'),
  ('michael-kors', 'Michael Kors', ARRAY['MK']::text[], 'premium'),
  ('kate-spade', 'Kate Spade', ARRAY['Kate Spade New York']::text[], 'premium'),
  ('tory-burch', 'Tory Burch', ARRAY[]::text[], 'premium'),
  ('marc-jacobs', 'Marc Jacobs', ARRAY[]::text[], 'premium'),
  ('longchamp', 'Longchamp', ARRAY[]::text[], 'premium'),
  ('furla', 'Furla', ARRAY[]::text[], 'premium'),
  ('mansur-gavriel', 'Mansur Gavriel', ARRAY[]::text[], 'premium'),
  ('polene', 'Polène', ARRAY['Polene']::text[], 'premium'),
  ('strathberry', 'Strathberry', ARRAY[]::text[], 'premium'),
  ('cult-gaia', 'Cult Gaia', ARRAY[]::text[], 'premium'),
  ('staud', 'Staud', ARRAY[]::text[], 'premium'),
  ('rebecca-minkoff', 'Rebecca Minkoff', ARRAY[]::text[], 'premium'),
  ('kurt-geiger', 'Kurt Geiger', ARRAY[]::text[], 'premium'),
  ('radley', 'Radley', ARRAY[]::text[], 'premium'),
  ('aspinal-of-london', 'Aspinal of London', ARRAY['Aspinal']::text[], 'premium'),
  ('lancel', 'Lancel', ARRAY[]::text[], 'premium'),
  ('tumi', 'Tumi', ARRAY[]::text[], 'premium'),
  ('fjallraven', 'Fjällräven', ARRAY['Fjallraven', 'Kanken']::text[], 'premium'),
  ('herschel', 'Herschel', ARRAY['Herschel Supply']::text[], 'premium'),
  ('telfar', 'Telfar', ARRAY[]::text[], 'premium'),
  ('by-far', 'By Far', ARRAY['BY FAR']::text[], 'premium'),
  ('a-p-c', 'A.P.C.', ARRAY['APC']::text[], 'premium'),
  ('vivienne-westwood', 'Vivienne Westwood', ARRAY[]::text[], 'premium'),
  ('karl-lagerfeld', 'Karl Lagerfeld', ARRAY[]::text[], 'premium'),
  ('sandro', 'Sandro', ARRAY[]::text[], 'premium'),
  ('maje', 'Maje', ARRAY[]::text[], 'premium'),
  ('ganni', 'Ganni', ARRAY[]::text[], 'premium'),
  ('anya-hindmarch', 'Anya Hindmarch', ARRAY[]::text[], 'premium'),
  ('cuyana', 'Cuyana', ARRAY[]::text[], 'premium'),
  ('dagne-dover', 'Dagne Dover', ARRAY[]::text[], 'premium'),
  ('zara', 'Zara', ARRAY[]::text[], 'high-street'),
  ('mango', 'Mango', ARRAY[]::text[], 'high-street'),
  ('hm', 'H&M', ARRAY['H and M', 'HM']::text[], 'high-street'),
  ('cos', 'COS', ARRAY[]::text[], 'high-street'),
  ('other-stories', '& Other Stories', ARRAY['Other Stories']::text[], 'high-street'),
  ('fossil', 'Fossil', ARRAY[]::text[], 'high-street'),
  ('guess', 'Guess', ARRAY[]::text[], 'high-street'),
  ('accessorize', 'Accessorize', ARRAY[]::text[], 'high-street'),
  ('nine-west', 'Nine West', ARRAY[]::text[], 'high-street'),
  ('topshop', 'Topshop', ARRAY[]::text[], 'high-street'),
  ('calvin-klein', 'Calvin Klein', ARRAY['CK']::text[], 'high-street'),
  ('tommy-hilfiger', 'Tommy Hilfiger', ARRAY['Tommy']::text[], 'high-street'),
  ('lacoste', 'Lacoste', ARRAY[]::text[], 'high-street'),
  ('eastpak', 'Eastpak', ARRAY[]::text[], 'high-street'),
  ('jansport', 'JanSport', ARRAY['Jansport']::text[], 'high-street'),
  ('baggu', 'Baggu', ARRAY[]::text[], 'high-street'),
  ('unbranded', 'Unbranded', ARRAY['No brand', 'Non-branded', 'Handmade']::text[], 'none')
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "product" SET "photos" = jsonb_build_array(jsonb_build_object('url', "img", 'thumb', "thumb")), "updated_at" = "created_at";--> statement-breakpoint
INSERT INTO "price_history" ("product_id", "price", "at") SELECT "id", "resell_price", "created_at" FROM "product";--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_photos_ck" CHECK (jsonb_typeof("product"."photos") = 'array' and jsonb_array_length("product"."photos") between 1 and 10 and "product"."photos"->0->>'url' = "product"."img");--> statement-breakpoint
ALTER TABLE "product" ALTER COLUMN "photos" DROP DEFAULT;
