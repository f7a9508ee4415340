ALTER TABLE "products" ADD COLUMN "max_tickets_per_shopper" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_tickets_per_order" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "order_cooldown_seconds" integer;--> statement-breakpoint
ALTER TABLE "set_rounds" ADD COLUMN "sales_start_at" timestamp with time zone;