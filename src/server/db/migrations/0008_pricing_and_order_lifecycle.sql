CREATE TABLE "term_discounts" (
	"months" smallint PRIMARY KEY NOT NULL,
	"percent_off" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"event_id" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"order_id" integer,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "licence_cents_per_vcpu" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "hourly_billing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "price_adjustment_pct" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing" text DEFAULT 'term' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "pay_by" = "created_at" + interval '30 minutes';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "pay_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_outbox" ADD CONSTRAINT "webhook_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_outbox_event_key" ON "webhook_outbox" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_outbox_due_idx" ON "webhook_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "orders_pending_pay_by_idx" ON "orders" USING btree ("pay_by") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
UPDATE "orders" SET "status" = CASE "refund_status" WHEN 'pending' THEN 'refund_pending' ELSE 'refunded' END WHERE "refund_status" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "reason", "actor", "at") SELECT "id", NULL, 'pending_payment', 'created', 'customer', "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "reason", "actor") SELECT "id", 'pending_payment', "status", 'group-buy failed', 'system' FROM "orders" WHERE "status" <> 'pending_payment';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_status";--> statement-breakpoint
INSERT INTO "term_discounts" ("months", "percent_off") VALUES (1, 0), (3, 5), (6, 8), (12, 15) ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "regions" SET "price_adjustment_pct" = CASE "id" WHEN 'hong-kong' THEN 20 WHEN 'tokyo' THEN 10 WHEN 'osaka' THEN 10 WHEN 'singapore' THEN 10 WHEN 'seoul' THEN 15 WHEN 'taipei' THEN 15 ELSE 0 END;--> statement-breakpoint
UPDATE "images" SET "licence_cents_per_vcpu" = 400 WHERE "family" = 'windows';--> statement-breakpoint
UPDATE "plans" SET "hourly_billing" = false WHERE "line_id" = 'dedicated';