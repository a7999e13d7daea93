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
ALTER TABLE "images" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_regions" ADD COLUMN "monthly_price_cents" integer;--> statement-breakpoint
ALTER TABLE "plan_regions" ADD COLUMN "hourly_price_micro_usd" integer;--> statement-breakpoint
ALTER TABLE "plan_regions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "term_discounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_rate_history" ADD CONSTRAINT "currency_rate_history_code_currencies_code_fk" FOREIGN KEY ("code") REFERENCES "public"."currencies"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_rate_history" ADD CONSTRAINT "currency_rate_history_set_by_staff_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_price_changes" ADD CONSTRAINT "scheduled_price_changes_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_price_changes" ADD CONSTRAINT "scheduled_price_changes_cancelled_by_staff_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "currency_rate_history_code_idx" ON "currency_rate_history" USING btree ("code","valid_from");--> statement-breakpoint
CREATE INDEX "scheduled_price_changes_due_idx" ON "scheduled_price_changes" USING btree ("starts_at") WHERE "scheduled_price_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_price_changes_created_idx" ON "scheduled_price_changes" USING btree ("created_at");--> statement-breakpoint
-- The rate history starts with the rates in use (a fresh database gets its rows from the seed).
INSERT INTO "currency_rate_history" ("code", "rate", "valid_from") SELECT "code", "rate", "updated_at" FROM "currencies";
