ALTER TABLE "payment" DROP CONSTRAINT "payment_amount_ck";--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "renewals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intent" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intent" ADD COLUMN "superseded_by" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "discount_conflict" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_amount_ck" CHECK ("payment"."amount" >= 0 and "payment"."discount" >= 0 and "payment"."discount_conflict" >= 0);--> statement-breakpoint
-- hand-written backfill: intents already charged are used; of a customer's open discounted
-- intents only the newest stays open, so that the next migration's unique index (one per customer) can be built
UPDATE "payment_intent" SET "status" = 'used' WHERE EXISTS (SELECT 1 FROM "test_charge" tc WHERE tc."intent_id" = "payment_intent"."id") OR EXISTS (SELECT 1 FROM "payment" p WHERE p."transaction_id" = "payment_intent"."id");--> statement-breakpoint
UPDATE "payment_intent" SET "status" = 'superseded' WHERE "status" = 'open' AND "discount" > 0 AND EXISTS (SELECT 1 FROM "payment_intent" n WHERE n."customer_id" = "payment_intent"."customer_id" AND n."status" = 'open' AND n."discount" > 0 AND (n."created_at", n."id") > ("payment_intent"."created_at", "payment_intent"."id"));
