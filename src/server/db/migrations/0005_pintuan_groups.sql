CREATE TABLE "pintuan_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pintuan_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"leader_user_id" integer NOT NULL,
	"size" smallint NOT NULL,
	"seats_taken" smallint DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pintuan_groups_seats_check" CHECK ("pintuan_groups"."seats_taken" between 1 and "pintuan_groups"."size")
);
--> statement-breakpoint
CREATE TABLE "pintuan_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pintuan_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"leader" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "pintuan_groups" ADD CONSTRAINT "pintuan_groups_offer_id_pintuan_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."pintuan_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pintuan_groups" ADD CONSTRAINT "pintuan_groups_leader_user_id_users_id_fk" FOREIGN KEY ("leader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pintuan_members" ADD CONSTRAINT "pintuan_members_group_id_pintuan_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."pintuan_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pintuan_members" ADD CONSTRAINT "pintuan_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pintuan_members" ADD CONSTRAINT "pintuan_members_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pintuan_groups_status_expires_idx" ON "pintuan_groups" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "pintuan_groups_offer_idx" ON "pintuan_groups" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pintuan_members_group_user_key" ON "pintuan_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pintuan_members_order_key" ON "pintuan_members" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pintuan_members_user_idx" ON "pintuan_members" USING btree ("user_id");