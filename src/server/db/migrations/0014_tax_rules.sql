CREATE TABLE "tax_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" text NOT NULL,
	"name" jsonb NOT NULL,
	"rate_percent" numeric(5, 2) NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"valid_from" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rules_country_from_idx" ON "tax_rules" USING btree ("country","valid_from");