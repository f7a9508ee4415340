CREATE TABLE "drop_entrants" (
	"set_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"entrant_id" uuid NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"opening_number" integer,
	"queue_number" integer,
	"admit_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "drop_entrants_set_id_user_id_pk" PRIMARY KEY("set_id","user_id"),
	CONSTRAINT "drop_entrants_entrant_id_key" UNIQUE("entrant_id")
);
--> statement-breakpoint
CREATE TABLE "drop_rooms" (
	"set_id" uuid PRIMARY KEY NOT NULL,
	"admissions_per_second" integer,
	"ordered_at" timestamp with time zone,
	"entrant_list_hash" text,
	"last_admit_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "drop_entrants_admit_idx" ON "drop_entrants" USING btree ("set_id","admit_at");