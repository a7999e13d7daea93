CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"series" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer,
	"order_number" text NOT NULL,
	"user_id" integer NOT NULL,
	"locale" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"total_excl_tax_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"total_incl_tax_minor" integer NOT NULL,
	"reverse_charge" boolean NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supply_date" date NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_company" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_profile" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rule_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_incl_tax_minor" integer GENERATED ALWAYS AS (total_minor + tax_minor) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_sequence_key" ON "invoices" USING btree ("series","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_key" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_rule_id_tax_rules_id_fk" FOREIGN KEY ("tax_rule_id") REFERENCES "public"."tax_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An issued invoice never changes and is never deleted (docs/decisions/067-invoices.md). The one change let
-- through is the order link's going when an order is deleted (ON DELETE SET NULL): the invoice keeps its copy.
CREATE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice % is issued: it cannot be deleted', OLD.number USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.order_id IS NOT NULL OR (to_jsonb(NEW) - 'order_id') IS DISTINCT FROM (to_jsonb(OLD) - 'order_id') THEN
    RAISE EXCEPTION 'invoice % is issued: it cannot be changed', OLD.number USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();
