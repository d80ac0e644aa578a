-- Money gaps of the order ledger (decision 023): a payout's give-back names its payout (at most one per payout), a lost card
-- chargeback is a refund row of kind 'chargeback', and pending Stripe payouts are claimed by the sweeper (attempted_at).
-- Give-backs written before this migration name their payout in their note only: the ledger is append-only, so they
-- are not rewritten.
DROP INDEX "ledger_entry_payout_uq";--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund" ADD COLUMN "kind" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_payout_reversal_uq" ON "ledger_entry" USING btree ("payout_id") WHERE "ledger_entry"."payout_id" is not null and "ledger_entry"."amount" > 0;--> statement-breakpoint
CREATE INDEX "payout_pending_idx" ON "payout" USING btree ("created_at") WHERE "payout"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_payout_uq" ON "ledger_entry" USING btree ("payout_id") WHERE "ledger_entry"."payout_id" is not null and "ledger_entry"."amount" < 0;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_payout_kind_ck" CHECK ("ledger_entry"."payout_id" is null or "ledger_entry"."kind" = 'payout');--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_kind_ck" CHECK (kind in ('refund', 'chargeback') and (kind <> 'chargeback' or provider = 'stripe'));
