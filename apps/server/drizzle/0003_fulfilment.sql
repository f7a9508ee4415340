CREATE TABLE "inventory_locks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "inventory_locks_quantity_positive" CHECK ("inventory_locks"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"ref_id" uuid,
	"actor_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ship_by_reminders" (
	"batch_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ship_by_reminders_batch_id_days_before_pk" PRIMARY KEY("batch_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "collection_slot_bookings" (
	"slot_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"booked" integer NOT NULL,
	CONSTRAINT "collection_slot_bookings_booked" CHECK ("collection_slot_bookings"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "self_collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"collection_date" timestamp with time zone NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"collected_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"changed_by" uuid,
	CONSTRAINT "self_collections_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"big_prizes" integer NOT NULL,
	"small_prizes" integer NOT NULL,
	"shipping_fee" integer NOT NULL,
	"items" jsonb NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_contact" text NOT NULL,
	"receiver_unit" text NOT NULL,
	"receiver_full_address" text NOT NULL,
	"receiver_postcode" text NOT NULL,
	"receiver_country" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"last_error" text,
	"courier_status" text NOT NULL,
	"courier_attempts" integer DEFAULT 0 NOT NULL,
	"courier_next_attempt_at" timestamp with time zone,
	"courier_claimed_at" timestamp with time zone,
	"courier_last_error" text,
	"courier_name" text,
	"easyparcel_order_id" text,
	"awb_number" text,
	"awb_link" text,
	"tracking_url" text,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipments_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "shipments_fee_positive" CHECK ("shipments"."shipping_fee" > 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_batches" ADD COLUMN "removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_batches" ADD COLUMN "locked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "inventory_locks_ref_idx" ON "inventory_locks" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "inventory_locks_batch_idx" ON "inventory_locks" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "inventory_movements_batch_idx" ON "inventory_movements" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "inventory_movements_user_idx" ON "inventory_movements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "self_collections_user_idx" ON "self_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "self_collections_slot_idx" ON "self_collections" USING btree ("collection_date","status");--> statement-breakpoint
CREATE INDEX "shipments_user_idx" ON "shipments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_expiry_idx" ON "shipments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "shipments_courier_idx" ON "shipments" USING btree ("courier_status","courier_next_attempt_at");--> statement-breakpoint
CREATE INDEX "inventory_batches_ship_by_idx" ON "inventory_batches" USING btree ("ship_by_date");--> statement-breakpoint
ALTER TABLE "inventory_batches" ADD CONSTRAINT "inventory_batches_units" CHECK ("inventory_batches"."removed" >= 0 and "inventory_batches"."locked" >= 0 and "inventory_batches"."removed" + "inventory_batches"."locked" <= "inventory_batches"."quantity");