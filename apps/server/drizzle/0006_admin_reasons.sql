ALTER TABLE "user" ADD COLUMN "unverified_reason" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "resolution_note" text;