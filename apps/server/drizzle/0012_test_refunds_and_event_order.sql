ALTER TABLE "test_charge" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_event" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "test_charge" ADD CONSTRAINT "test_charge_refunded_ck" CHECK ("test_charge"."refunded" between 0 and "test_charge"."amount");--> statement-breakpoint
-- charges given back before this migration were given back whole
UPDATE "test_charge" SET "refunded" = "amount" WHERE "status" = 'refunded';
