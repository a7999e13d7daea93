ALTER TABLE "mail_outbox" ADD COLUMN "dedup_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedup_key" ON "mail_outbox" USING btree ("dedup_key");