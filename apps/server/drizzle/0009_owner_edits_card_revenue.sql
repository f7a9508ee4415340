ALTER TABLE "products" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "succeeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_intents_succeeded_idx" ON "payment_intents" USING btree ("succeeded_at");--> statement-breakpoint
CREATE INDEX "payment_intents_refunded_idx" ON "payment_intents" USING btree ("refunded_at");--> statement-breakpoint
-- custom: payments made before these columns: success at the first applied success event (else the last update), refund at the last update.
UPDATE "payment_intents" SET "succeeded_at" = COALESCE((SELECT min("received_at") FROM "payment_events" e WHERE e."payment_intent_id" = "payment_intents"."id" AND e."outcome" = 'applied' AND e."type" LIKE '%succeeded'), "updated_at") WHERE "status" IN ('succeeded', 'refunded');--> statement-breakpoint
UPDATE "payment_intents" SET "refunded_at" = "updated_at" WHERE "status" = 'refunded';
