CREATE TABLE "trade_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"offer_id" uuid,
	"side" text NOT NULL,
	"batch_id" uuid,
	"prize_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"ship_by_date" timestamp with time zone,
	CONSTRAINT "trade_items_quantity_positive" CHECK ("trade_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"accepted_offer_id" uuid,
	"partner_id" uuid
);
--> statement-breakpoint
CREATE INDEX "trade_items_trade_idx" ON "trade_items" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trade_items_offer_idx" ON "trade_items" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "trade_offers_trade_idx" ON "trade_offers" USING btree ("trade_id","status");--> statement-breakpoint
CREATE INDEX "trade_offers_user_idx" ON "trade_offers" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_offers_one_live" ON "trade_offers" USING btree ("trade_id","user_id") WHERE "trade_offers"."status" = 'active';--> statement-breakpoint
CREATE INDEX "trades_status_idx" ON "trades" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trades_user_idx" ON "trades" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "trades_partner_idx" ON "trades" USING btree ("partner_id");