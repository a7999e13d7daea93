ALTER TABLE "footer_links" ALTER COLUMN "active" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "footer_links" ALTER COLUMN "active" SET DATA TYPE boolean USING "active" <> 0;--> statement-breakpoint
ALTER TABLE "footer_links" ALTER COLUMN "active" SET DEFAULT true;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("kind","entity_id","created_at","id");
