CREATE TABLE "drop_alerts" (
	"user_id" uuid NOT NULL,
	"set_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"early_sent_for" timestamp with time zone,
	"opening_sent_for" timestamp with time zone,
	CONSTRAINT "drop_alerts_user_id_set_id_pk" PRIMARY KEY("user_id","set_id")
);
--> statement-breakpoint
CREATE INDEX "drop_alerts_set_idx" ON "drop_alerts" USING btree ("set_id");