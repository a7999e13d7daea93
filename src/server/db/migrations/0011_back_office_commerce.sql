CREATE TABLE "currency_rate_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "currency_rate_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" integer,
	CONSTRAINT "currency_rate_history_rate_check" CHECK ("currency_rate_history"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "scheduled_price_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_price_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"target" text NOT NULL,
	"target_key" text NOT NULL,
	"change" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"failure" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "scheduled_price_changes_status_check" CHECK ("scheduled_price_changes"."status" in ('pending', 'applied', 'cancelled', 'failed'))
);
--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_staff_idx";--> statement-breakpoint
DROP INDEX "audit_log_kind_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "bandwidth_tiers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bandwidth_tiers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "disk_products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "disk_products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_suffixes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_regions" ADD COLUMN "monthly_price_cents" integer;--> statement-breakpoint
ALTER TABLE "plan_regions" ADD COLUMN "hourly_price_micro_usd" integer;--> statement-breakpoint
ALTER TABLE "plan_regions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_lines" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quick_sets" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quick_sets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "security_groups" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "security_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "snapshot_policies" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "snapshot_policies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_discounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pintuan_offers" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "pintuan_offers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_activities" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_rate_history" ADD CONSTRAINT "currency_rate_history_code_currencies_code_fk" FOREIGN KEY ("code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_rate_history" ADD CONSTRAINT "currency_rate_history_set_by_staff_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_price_changes" ADD CONSTRAINT "scheduled_price_changes_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_price_changes" ADD CONSTRAINT "scheduled_price_changes_cancelled_by_staff_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "currency_rate_history_code_idx" ON "currency_rate_history" USING btree ("code","valid_from");--> statement-breakpoint
CREATE INDEX "scheduled_price_changes_due_idx" ON "scheduled_price_changes" USING btree ("starts_at") WHERE "scheduled_price_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_price_changes_created_idx" ON "scheduled_price_changes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_order_idx" ON "mail_outbox" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_coupons_claimed_at_idx" ON "user_coupons" USING btree ("created_at","used_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","activated_at");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree ("username" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","currency","total_minor") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_minor","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_currency_created_idx" ON "orders" USING btree ("currency","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_plan_created_idx" ON "orders" USING btree (("config"->>'planId'),"created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_outbox_status_idx" ON "webhook_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "webhook_outbox_order_idx" ON "webhook_outbox" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "pintuan_groups_created_at_idx" ON "pintuan_groups" USING btree ("created_at","status");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind","created_at","id");--> statement-breakpoint
-- Hand-written: links the mails written before mail_outbox had order_id and user_id to their customer and order.
UPDATE "mail_outbox" m SET "user_id" = u."id" FROM "users" u WHERE m."user_id" IS NULL AND u."email" = m."recipient";--> statement-breakpoint
UPDATE "mail_outbox" m SET "order_id" = o."id" FROM "orders" o WHERE m."order_id" IS NULL AND m."kind" = 'order-paid' AND o."number" = substring(m."subject" from 'CC[0-9]{8}[0-9A-F]{8}');
--> statement-breakpoint
-- Hand-written: the rate history starts with the rates in use (a fresh database gets its rows from the seed).
INSERT INTO "currency_rate_history" ("code", "rate", "valid_from") SELECT "code", "rate", "updated_at" FROM "currencies";
