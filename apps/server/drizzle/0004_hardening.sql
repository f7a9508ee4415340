CREATE TABLE "test_gateway_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "owner_user_id" uuid;--> statement-breakpoint
CREATE INDEX "test_gateway_events_pending_idx" ON "test_gateway_events" USING btree ("delivered_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_user_id");