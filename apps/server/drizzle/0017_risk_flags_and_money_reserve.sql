CREATE TABLE "account_signal" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"value_hash" text NOT NULL,
	"day" date NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_signal_user_id_kind_value_hash_day_pk" PRIMARY KEY("user_id","kind","value_hash","day")
);
--> statement-breakpoint
CREATE TABLE "risk_flag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"order_id" uuid,
	"product_id" uuid,
	"user_ids" text[] NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolution_note" text
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "shipping" integer;--> statement-breakpoint
ALTER TABLE "payment_intent" ADD COLUMN "price" integer;--> statement-breakpoint
ALTER TABLE "payment_intent" ADD COLUMN "shipping" integer;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_signal" ADD CONSTRAINT "account_signal_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_flag" ADD CONSTRAINT "risk_flag_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_signal_value_idx" ON "account_signal" USING btree ("kind","value_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_flag_kind_key_uq" ON "risk_flag" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "risk_flag_status_created_idx" ON "risk_flag" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "risk_flag_order_idx" ON "risk_flag" USING btree ("order_id");