CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"order_id" uuid,
	"reason" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account" text NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"refund_id" uuid,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_kind_ck" CHECK (kind in ('sale', 'shipping', 'commission', 'discount_cost', 'refund', 'payout', 'chargeback'))
);
--> statement-breakpoint
CREATE TABLE "order_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_event_status_ck" CHECK (status in ('paid', 'shipped', 'completed', 'disputed', 'cancelled', 'refunded')),
	CONSTRAINT "order_event_actor_ck" CHECK (actor_role in ('buyer', 'seller', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "order" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"price" integer NOT NULL,
	"shipping" integer DEFAULT 0 NOT NULL,
	"amount_paid" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"commission_percent" integer NOT NULL,
	"ship_days" integer NOT NULL,
	"auto_complete_days" integer NOT NULL,
	"ship_by" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"carrier" text,
	"tracking_number" text,
	"auto_complete_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"address" jsonb,
	"reminder_sent_at" timestamp with time zone,
	"chargeback_at" timestamp with time zone,
	"chargeback_closed_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"dispute_reason" text,
	"dispute_note" text,
	"dispute_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_note" text,
	"answer_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_ck" CHECK (status in ('paid', 'shipped', 'completed', 'disputed', 'cancelled', 'refunded')),
	CONSTRAINT "order_amounts_ck" CHECK ("order"."price" >= 0 and "order"."shipping" >= 0 and "order"."discount" >= 0 and "order"."amount_paid" >= 0
        and "order"."discount" <= "order"."price" + "order"."shipping"
        and "order"."amount_paid" = "order"."price" + "order"."shipping" - "order"."discount"),
	CONSTRAINT "order_commission_ck" CHECK ("order"."commission_percent" between 0 and 100),
	CONSTRAINT "order_days_ck" CHECK ("order"."ship_days" between 0 and 365 and "order"."auto_complete_days" between 0 and 365),
	CONSTRAINT "order_carrier_ck" CHECK (carrier is null or carrier in ('USPS', 'UPS', 'FedEx', 'DHL', 'Royal Mail', 'Other')),
	CONSTRAINT "order_tracking_ck" CHECK ("order"."tracking_number" is null or char_length("order"."tracking_number") between 1 and 64),
	CONSTRAINT "order_shipment_ck" CHECK (("order"."shipped_at" is null and "order"."carrier" is null and "order"."tracking_number" is null and "order"."auto_complete_at" is null)
        or ("order"."shipped_at" is not null and "order"."carrier" is not null and "order"."tracking_number" is not null and "order"."auto_complete_at" is not null)),
	CONSTRAINT "order_ship_by_ck" CHECK ("order"."ship_by" is null or "order"."address" is not null),
	CONSTRAINT "order_paid_ck" CHECK ("order"."status" <> 'paid' or ("order"."shipped_at" is null and "order"."completed_at" is null)),
	CONSTRAINT "order_shipped_ck" CHECK ("order"."status" not in ('shipped', 'disputed') or "order"."shipped_at" is not null),
	CONSTRAINT "order_disputed_ck" CHECK ("order"."status" <> 'disputed' or ("order"."dispute_reason" is not null and "order"."dispute_note" is not null and "order"."disputed_at" is not null)),
	CONSTRAINT "order_dispute_reason_ck" CHECK (dispute_reason is null or dispute_reason in ('not_received', 'not_as_described', 'counterfeit', 'damaged')),
	CONSTRAINT "order_completed_ck" CHECK ("order"."status" <> 'completed' or "order"."completed_at" is not null),
	CONSTRAINT "order_cancelled_ck" CHECK ("order"."status" <> 'cancelled' or "order"."cancelled_at" is not null),
	CONSTRAINT "order_refunded_ck" CHECK ("order"."status" <> 'refunded' or "order"."refunded_at" is not null),
	CONSTRAINT "order_chargeback_ck" CHECK ("order"."chargeback_closed_at" is null or ("order"."chargeback_at" is not null and "order"."chargeback_closed_at" >= "order"."chargeback_at")),
	CONSTRAINT "order_photos_ck" CHECK (jsonb_typeof("order"."dispute_photos") = 'array' and jsonb_typeof("order"."answer_photos") = 'array')
);
--> statement-breakpoint
CREATE TABLE "payout_account" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"holder_name" text,
	"last4" text,
	"stripe_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_account_last4_ck" CHECK ("payout_account"."last4" is null or "payout_account"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payout_account_provider_ck" CHECK ("payout_account"."provider" in ('test', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "payout" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_amount_ck" CHECK ("payout"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text,
	"provider" text NOT NULL,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_amount_ck" CHECK ("refund"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_address" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_address_country_ck" CHECK ("saved_address"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "payment" DROP CONSTRAINT "payment_product_uq";--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "shipping" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_payout_id_payout_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payout"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_refund_id_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refund"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_id_booking_id_fk" FOREIGN KEY ("id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_account" ADD CONSTRAINT "payout_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_address" ADD CONSTRAINT "saved_address_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_order_idx" ON "audit_log" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_once_per_order_uq" ON "ledger_entry" USING btree ("order_id","kind","account") WHERE "ledger_entry"."refund_id" is null and "ledger_entry"."kind" in ('sale', 'shipping', 'commission', 'discount_cost', 'chargeback');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_refund_uq" ON "ledger_entry" USING btree ("refund_id","kind","account") WHERE "ledger_entry"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_payout_uq" ON "ledger_entry" USING btree ("payout_id","kind","account") WHERE "ledger_entry"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("account","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_entry_order_idx" ON "ledger_entry" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_event_order_idx" ON "order_event" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_buyer_idx" ON "order" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_seller_idx" ON "order" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_created_idx" ON "order" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_ship_by_idx" ON "order" USING btree ("ship_by") WHERE "order"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "order_auto_complete_idx" ON "order" USING btree ("auto_complete_at") WHERE "order"."status" = 'shipped';--> statement-breakpoint
CREATE INDEX "order_disputed_idx" ON "order" USING btree ("disputed_at") WHERE "order"."status" = 'disputed';--> statement-breakpoint
CREATE UNIQUE INDEX "order_one_standing_per_product_uq" ON "order" USING btree ("product_id") WHERE "order"."status" not in ('cancelled', 'refunded');--> statement-breakpoint
CREATE UNIQUE INDEX "order_payment_uq" ON "order" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_account_stripe_uq" ON "payout_account" USING btree ("stripe_account_id");--> statement-breakpoint
CREATE INDEX "payout_seller_idx" ON "payout" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "refund_idempotency_uq" ON "refund" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refund_order_idx" ON "refund" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_address_user_idx" ON "saved_address" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_address_one_default_uq" ON "saved_address" USING btree ("user_id") WHERE "saved_address"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_product_uq" ON "payment" USING btree ("product_id") WHERE "payment"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_shipping_ck" CHECK ("product"."shipping" between 0 and 100000);--> statement-breakpoint
-- Money and history are append-only: the ledger and the timeline refuse UPDATE, DELETE and TRUNCATE; refunds and the
-- audit log refuse DELETE and TRUNCATE.
CREATE FUNCTION refuse_append_only_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();--> statement-breakpoint
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();--> statement-breakpoint
CREATE TRIGGER order_event_append_only BEFORE UPDATE OR DELETE ON order_event FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();--> statement-breakpoint
CREATE TRIGGER order_event_no_truncate BEFORE TRUNCATE ON order_event FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();--> statement-breakpoint
CREATE TRIGGER refund_no_delete BEFORE DELETE ON refund FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();--> statement-breakpoint
CREATE TRIGGER refund_no_truncate BEFORE TRUNCATE ON refund FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();--> statement-breakpoint
-- The refunds of an order never exceed what its buyer paid: the order row is locked, so two refunds racing are
-- checked one after the other (the service locks it too, and answers 409 before this fires).
CREATE FUNCTION refund_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  given bigint;
BEGIN
  SELECT amount_paid INTO paid FROM "order" WHERE id = NEW.order_id FOR UPDATE;
  SELECT coalesce(sum(amount), 0) INTO given FROM refund WHERE order_id = NEW.order_id;
  IF given + NEW.amount > paid THEN
    RAISE EXCEPTION 'refunds of order % would exceed the % cents paid', NEW.order_id, paid
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refund_within_paid';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER refund_within_paid BEFORE INSERT OR UPDATE OF amount, order_id ON refund FOR EACH ROW EXECUTE FUNCTION refund_within_paid();--> statement-breakpoint
-- Backfill: every bag paid for before this migration becomes a completed order (paid at its payment's time, no
-- deadlines), with its ledger entries at the 12 % commission of the time and one timeline entry.
INSERT INTO "order" ("id", "payment_id", "product_id", "buyer_id", "seller_id", "status", "price", "shipping",
  "amount_paid", "discount", "commission_percent", "ship_days", "auto_complete_days", "ship_by", "completed_at",
  "created_at", "updated_at")
SELECT b."id", p."id", b."product_id", b."customer_id", pr."seller_id", 'completed', p."amount" + p."discount", 0,
  p."amount", p."discount", 12, 5, 3, NULL, p."created_at", p."created_at", p."created_at"
FROM "booking" b
JOIN "payment" p ON p."booking_id" = b."id"
JOIN "product" pr ON pr."id" = b."product_id"
WHERE b."status" = 'paid';--> statement-breakpoint
INSERT INTO "ledger_entry" ("account", "order_id", "kind", "amount", "note", "created_at")
SELECT "seller_id", "id", 'sale', "price", 'Sale (before order tracking)', "completed_at" FROM "order"
UNION ALL
SELECT "seller_id", "id", 'commission', -round("price" * "commission_percent" / 100.0)::integer, 'Commission 12 %', "completed_at"
  FROM "order" WHERE round("price" * "commission_percent" / 100.0) > 0
UNION ALL
SELECT 'shop', "id", 'commission', round("price" * "commission_percent" / 100.0)::integer, 'Commission 12 %', "completed_at"
  FROM "order" WHERE round("price" * "commission_percent" / 100.0) > 0
UNION ALL
SELECT 'shop', "id", 'discount_cost', -"discount", 'First-order discount', "completed_at" FROM "order" WHERE "discount" > 0;--> statement-breakpoint
INSERT INTO "order_event" ("order_id", "status", "actor_id", "actor_role", "note", "created_at")
SELECT "id", 'completed', NULL, 'system', 'Paid before orders were tracked', "completed_at" FROM "order";
