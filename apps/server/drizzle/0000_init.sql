CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prizes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"letter" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"type" text NOT NULL,
	"item_type" text DEFAULT 'kuji' NOT NULL,
	"initial_quantity" integer NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "prizes_product_letter" UNIQUE("product_id","letter"),
	CONSTRAINT "prizes_initial_positive" CHECK ("prizes"."initial_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"token_price" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"tags" text[] NOT NULL,
	"preorder" boolean NOT NULL,
	"arrival" text,
	"double_chance" boolean NOT NULL,
	"lottery_enabled" boolean NOT NULL,
	"promotion_id" uuid,
	"active" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"current_round_id" uuid,
	CONSTRAINT "products_prices_positive" CHECK ("products"."token_price" > 0 and "products"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"required_quantity" integer,
	"free_quantity" integer,
	"minimum_quantity" integer,
	"challenge_alphabet" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_prizes" (
	"round_id" uuid NOT NULL,
	"prize_id" uuid NOT NULL,
	"initial_quantity" integer NOT NULL,
	"remaining_quantity" integer NOT NULL,
	CONSTRAINT "round_prizes_round_id_prize_id_pk" PRIMARY KEY("round_id","prize_id"),
	CONSTRAINT "round_prizes_remaining_range" CHECK ("round_prizes"."remaining_quantity" >= 0 and "round_prizes"."remaining_quantity" <= "round_prizes"."initial_quantity")
);
--> statement-breakpoint
CREATE TABLE "set_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"round_number" integer NOT NULL,
	"status" text NOT NULL,
	"server_seed" text NOT NULL,
	"commitment" text NOT NULL,
	"seed_revealed_at" timestamp with time zone,
	"total_tickets" integer NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"hold_until" timestamp with time zone,
	"hold_order_id" uuid,
	"lottery_completed" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "set_rounds_sku_unique" UNIQUE("sku"),
	CONSTRAINT "set_rounds_product_round" UNIQUE("product_id","round_number"),
	CONSTRAINT "set_rounds_total_positive" CHECK ("set_rounds"."total_tickets" > 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"round_id" uuid NOT NULL,
	"order_id" uuid,
	"user_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reservations_quantity_positive" CHECK ("reservations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"round_id" uuid NOT NULL,
	"ticket_index" integer NOT NULL,
	"letter" text NOT NULL,
	"order_id" uuid,
	"nonce" integer,
	"client_seed" text,
	"taken_at" timestamp with time zone,
	CONSTRAINT "tickets_round_id_ticket_index_pk" PRIMARY KEY("round_id","ticket_index"),
	CONSTRAINT "tickets_round_nonce" UNIQUE("round_id","nonce"),
	CONSTRAINT "tickets_taken_consistent" CHECK (("tickets"."nonce" is null) = ("tickets"."taken_at" is null))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile_picture" text,
	"phone_number" text,
	"full_name" text,
	"country" text DEFAULT 'SG' NOT NULL,
	"postal_code" text,
	"unit_number" text,
	"full_address" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_intent_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_gateway_intents_client_secret_unique" UNIQUE("client_secret")
);
--> statement-breakpoint
CREATE TABLE "test_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_gateway_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "token_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"amount_left" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_lots_amount_left_range" CHECK ("token_lots"."amount_left" >= 0 and "token_lots"."amount_left" <= "token_lots"."amount"),
	CONSTRAINT "token_lots_amount_positive" CHECK ("token_lots"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"extra_tokens_percentage" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_percentage_range" CHECK ("promo_codes"."extra_tokens_percentage" > 0 and "promo_codes"."extra_tokens_percentage" <= 1000),
	CONSTRAINT "promo_codes_uses_range" CHECK ("promo_codes"."max_uses" is null or "promo_codes"."uses_count" <= "promo_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"status" text NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "token_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_name" text NOT NULL,
	"token_amount" integer NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_packages_positive" CHECK ("token_packages"."token_amount" > 0 and "token_packages"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "token_purchases" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"token_amount" integer NOT NULL,
	"price" integer NOT NULL,
	"promo_code_id" uuid,
	"extra_tokens_percentage" integer DEFAULT 0 NOT NULL,
	"bonus_tokens" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fairness_picks" (
	"round_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"n" integer NOT NULL,
	"ticket_index" integer NOT NULL,
	"prize" text NOT NULL,
	"order_id" uuid,
	"picked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fairness_picks_round_id_domain_n_pk" PRIMARY KEY("round_id","domain","n")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favourites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"round_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"product_image" text NOT NULL,
	"sku" text NOT NULL,
	"preorder" boolean NOT NULL,
	"payment_method" text NOT NULL,
	"paid_tickets" integer NOT NULL,
	"number_of_tickets" integer NOT NULL,
	"total_cost" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"status" text NOT NULL,
	"refund_claimed_at" timestamp with time zone,
	"buy_out" boolean DEFAULT false NOT NULL,
	"client_seed" text NOT NULL,
	"reservation_id" uuid,
	"reservation_expires_at" timestamp with time zone,
	"selected_prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"double_chance_prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"challenge_alphabet" text,
	"challenge_won" boolean DEFAULT false NOT NULL,
	"challenge_remaining_tickets" integer DEFAULT 0 NOT NULL,
	"refunded_tokens" integer DEFAULT 0 NOT NULL,
	"lottery_enabled" boolean NOT NULL,
	"lottery_won" boolean,
	"drawn_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ship_by_date" timestamp with time zone,
	CONSTRAINT "orders_tickets_positive" CHECK ("orders"."paid_tickets" > 0 and "orders"."number_of_tickets" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"prize_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"order_id" uuid,
	"quantity" integer NOT NULL,
	"ship_by_date" timestamp with time zone,
	"sku" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inventory_batches_quantity_positive" CHECK ("inventory_batches"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_prizes" ADD CONSTRAINT "round_prizes_round_id_set_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."set_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_prizes" ADD CONSTRAINT "round_prizes_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_rounds" ADD CONSTRAINT "set_rounds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_lot_id_token_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."token_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_purchases" ADD CONSTRAINT "token_purchases_package_id_token_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."token_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_purchases" ADD CONSTRAINT "token_purchases_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "set_rounds_product_idx" ON "set_rounds" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "reservations_round_status_idx" ON "reservations" USING btree ("round_id","status");--> statement-breakpoint
CREATE INDEX "reservations_order_idx" ON "reservations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_seq_idx" ON "mail_outbox" USING btree ("to","seq");--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_lower_idx" ON "admins" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_idx" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_at_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "verification_codes_email_idx" ON "verification_codes" USING btree ("email","purpose","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_intent_idx" ON "payment_events" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "payment_intents_user_idx" ON "payment_intents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "test_gateway_refunds_intent_idx" ON "test_gateway_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "token_ledger_user_idx" ON "token_ledger" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "token_ledger_lot_idx" ON "token_ledger" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "token_lots_user_expiry_idx" ON "token_lots" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_code_user_uq" ON "promo_redemptions" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_intent_uq" ON "promo_redemptions" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "token_purchases_user_idx" ON "token_purchases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_events_name_created_idx" ON "analytics_events" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "fairness_picks_order_idx" ON "fairness_picks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_round_idx" ON "orders" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "orders_intent_idx" ON "orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "inventory_batches_user_idx" ON "inventory_batches" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "inventory_batches_order_idx" ON "inventory_batches" USING btree ("order_id");