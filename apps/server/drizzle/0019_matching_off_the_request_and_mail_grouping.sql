CREATE TABLE "listing_match_pending" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_group" (
	"user_id" text NOT NULL,
	"group_key" text NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_group_user_id_group_key_pk" PRIMARY KEY("user_id","group_key")
);
--> statement-breakpoint
ALTER TABLE "wishlist" ADD COLUMN "told_price" integer;--> statement-breakpoint
ALTER TABLE "wishlist" ADD COLUMN "price_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_match_pending" ADD CONSTRAINT "listing_match_pending_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_group" ADD CONSTRAINT "mail_group_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_match_pending_queued_idx" ON "listing_match_pending" USING btree ("queued_at","product_id");