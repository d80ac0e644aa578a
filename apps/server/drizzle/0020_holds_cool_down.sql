CREATE TABLE "hold_lapse" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"customer_id" text NOT NULL,
	"booking_id" uuid,
	"offer_id" uuid,
	"lapsed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "booking_one_live_per_product_uq";--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "hold_kind" text DEFAULT 'exclusive' NOT NULL;--> statement-breakpoint
ALTER TABLE "hold_lapse" ADD CONSTRAINT "hold_lapse_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_lapse" ADD CONSTRAINT "hold_lapse_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_lapse" ADD CONSTRAINT "hold_lapse_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_lapse" ADD CONSTRAINT "hold_lapse_offer_id_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hold_lapse_booking_uq" ON "hold_lapse" USING btree ("booking_id","lapsed_at") WHERE "hold_lapse"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "hold_lapse_offer_uq" ON "hold_lapse" USING btree ("offer_id") WHERE "hold_lapse"."offer_id" is not null;--> statement-breakpoint
CREATE INDEX "hold_lapse_product_idx" ON "hold_lapse" USING btree ("product_id","lapsed_at");--> statement-breakpoint
CREATE INDEX "booking_held_expiry_idx" ON "booking" USING btree ("expires_at") WHERE "booking"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "booking_one_live_per_product_uq" ON "booking" USING btree ("product_id") WHERE "booking"."status" = 'paid' or ("booking"."status" = 'held' and "booking"."hold_kind" = 'exclusive');