CREATE TABLE "affiliate_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"token" text NOT NULL,
	"ip_hash" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"landing_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"referral_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"refund_id" text,
	"status" text NOT NULL,
	"base_minor" integer NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"amount_usd_cents" integer NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payout_items" (
	"payout_id" integer NOT NULL,
	"commission_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"batch" text NOT NULL,
	"method" text NOT NULL,
	"amount_usd_cents" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"referred_user_id" integer NOT NULL,
	"click_id" integer,
	"status" text NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_terms" (
	"id" integer PRIMARY KEY NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"months" integer NOT NULL,
	"cookie_days" integer NOT NULL,
	"holding_days" integer NOT NULL,
	"minimum_payout_usd_cents" integer NOT NULL,
	"excluded_line_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"terms_version" integer NOT NULL,
	"payout_method" text DEFAULT 'balance' NOT NULL,
	"payout_account" text,
	"join_ip_hash" text,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_referral_id_affiliate_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."affiliate_referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payout_items" ADD CONSTRAINT "affiliate_payout_items_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payout_items" ADD CONSTRAINT "affiliate_payout_items_commission_id_affiliate_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."affiliate_commissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_click_id_affiliate_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."affiliate_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_token_key" ON "affiliate_clicks" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_window_key" ON "affiliate_clicks" USING btree ("affiliate_id","ip_hash","window_start");--> statement-breakpoint
CREATE INDEX "affiliate_clicks_affiliate_idx" ON "affiliate_clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_earn_key" ON "affiliate_commissions" USING btree ("order_id") WHERE "affiliate_commissions"."kind" = 'earn';--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_refund_key" ON "affiliate_commissions" USING btree ("order_id","refund_id") WHERE "affiliate_commissions"."kind" = 'reversal';--> statement-breakpoint
CREATE INDEX "affiliate_commissions_due_idx" ON "affiliate_commissions" USING btree ("available_at") WHERE "affiliate_commissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_idx" ON "affiliate_commissions" USING btree ("affiliate_id","status");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_created_idx" ON "affiliate_commissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payout_items_commission_key" ON "affiliate_payout_items" USING btree ("commission_id");--> statement-breakpoint
CREATE INDEX "affiliate_payout_items_payout_idx" ON "affiliate_payout_items" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payouts_batch_key" ON "affiliate_payouts" USING btree ("affiliate_id","batch");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_created_idx" ON "affiliate_payouts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_referrals_referred_key" ON "affiliate_referrals" USING btree ("referred_user_id");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_affiliate_idx" ON "affiliate_referrals" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_user_key" ON "affiliates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_code_key" ON "affiliates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "affiliates_joined_idx" ON "affiliates" USING btree ("created_at","id");--> statement-breakpoint
-- The programme's terms as the affiliate article states them (docs/decisions/070-affiliate-programme.md).
INSERT INTO "affiliate_terms" ("id", "rate_percent", "months", "cookie_days", "holding_days", "minimum_payout_usd_cents", "excluded_line_keys")
VALUES (1, 15.00, 12, 30, 30, 5000, '["domain", "traffic_overage"]'::jsonb);
--> statement-breakpoint
-- The ledger is append-only: a line's amounts, order and affiliate never change once written; only its status moves
-- (pending -> approved -> paid), so every sum is a sum of lines as they were written.
CREATE FUNCTION affiliate_commissions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.affiliate_id, NEW.referral_id, NEW.order_id, NEW.kind, NEW.refund_id, NEW.base_minor, NEW.rate_percent,
      NEW.amount_minor, NEW.currency, NEW.rate, NEW.amount_usd_cents, NEW.available_at, NEW.created_at)
     IS DISTINCT FROM
     (OLD.affiliate_id, OLD.referral_id, OLD.order_id, OLD.kind, OLD.refund_id, OLD.base_minor, OLD.rate_percent,
      OLD.amount_minor, OLD.currency, OLD.rate, OLD.amount_usd_cents, OLD.available_at, OLD.created_at) THEN
    RAISE EXCEPTION 'affiliate commission lines are append-only: only their status changes';
  END IF;
  IF NOT ((OLD.status = NEW.status) OR (OLD.status = 'pending' AND NEW.status = 'approved')
          OR (OLD.status = 'approved' AND NEW.status = 'paid')) THEN
    RAISE EXCEPTION 'affiliate commission status cannot go from % to %', OLD.status, NEW.status;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER affiliate_commissions_append_only BEFORE UPDATE ON "affiliate_commissions"
  FOR EACH ROW EXECUTE FUNCTION affiliate_commissions_append_only();
