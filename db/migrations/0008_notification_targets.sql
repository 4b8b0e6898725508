DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_target_unique" ON "notifications" USING btree ("user_id","kind","target_id") WHERE "notifications"."read_at" IS NULL;