ALTER TABLE "images" ADD COLUMN "owner_user_id" uuid;--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_user_id");