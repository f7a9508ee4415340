CREATE TABLE "mail_opt_outs" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "unsubscribe_user_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "unsubscribe_kind" text;