ALTER TABLE "set_rounds" ADD COLUMN "rules_document" text;--> statement-breakpoint
ALTER TABLE "set_rounds" ADD COLUMN "rules_hash" text;--> statement-breakpoint
ALTER TABLE "set_rounds" ADD COLUMN "head_hash" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "fairness_picks" ADD COLUMN "hash" text;