-- The keyset lists order by (created_at desc, id desc) (conversations: last_message_at), which is NULLS FIRST, but
-- 0013 wrote these indexes as drizzle-kit's `.desc()`: DESC NULLS LAST. PostgreSQL could not read them in the lists'
-- order and sorted each user's rows instead. Rebuilt to match the ORDER BY exactly (saved_search_user_idx gains the id
-- the list also orders by). Inside the migration's transaction, so no reader sees a table without them.
DROP INDEX "conversation_buyer_idx";--> statement-breakpoint
DROP INDEX "conversation_seller_idx";--> statement-breakpoint
DROP INDEX "notification_user_idx";--> statement-breakpoint
DROP INDEX "offer_buyer_idx";--> statement-breakpoint
DROP INDEX "offer_seller_idx";--> statement-breakpoint
DROP INDEX "review_seller_idx";--> statement-breakpoint
DROP INDEX "saved_search_user_idx";--> statement-breakpoint
CREATE INDEX "conversation_buyer_idx" ON "conversation" USING btree ("buyer_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversation_seller_idx" ON "conversation" USING btree ("seller_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offer_buyer_idx" ON "offer" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offer_seller_idx" ON "offer" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "review_seller_idx" ON "review" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saved_search_user_idx" ON "saved_search" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);