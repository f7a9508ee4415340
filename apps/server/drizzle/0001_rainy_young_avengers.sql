CREATE TABLE "test_gateway_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "test_gateway_events_pending_idx" ON "test_gateway_events" USING btree ("delivered_at","next_attempt_at");