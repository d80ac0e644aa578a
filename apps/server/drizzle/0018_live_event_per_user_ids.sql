CREATE TABLE "live_event_seq" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "live_event_user_idx";--> statement-breakpoint
ALTER TABLE "live_event" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "live_event" AS e SET "seq" = n."seq"
  FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "id") AS "seq" FROM "live_event") AS n
  WHERE n."id" = e."id";--> statement-breakpoint
ALTER TABLE "live_event" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
INSERT INTO "live_event_seq" ("user_id", "seq") SELECT "user_id", max("seq") FROM "live_event" GROUP BY "user_id";--> statement-breakpoint
CREATE UNIQUE INDEX "live_event_user_seq_uq" ON "live_event" USING btree ("user_id","seq");
