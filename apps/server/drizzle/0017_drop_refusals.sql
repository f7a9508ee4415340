CREATE TABLE "drop_refusals" (
	"set_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drop_refusals_set_id_reason_pk" PRIMARY KEY("set_id","reason")
);
