CREATE TABLE "doc_article_redirects" (
	"from_slug" text PRIMARY KEY NOT NULL,
	"to_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"staff_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_recovery_codes_staff_id_code_hash_pk" PRIMARY KEY("staff_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "doc_article_translations" DROP CONSTRAINT "doc_article_translations_slug_doc_articles_slug_fk";
--> statement-breakpoint
DROP INDEX "announcements_published_idx";--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "missing_locales" text[] DEFAULT '{zh,ja}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "doc_article_redirects" ADD CONSTRAINT "doc_article_redirects_to_slug_doc_articles_slug_fk" FOREIGN KEY ("to_slug") REFERENCES "public"."doc_articles"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doc_article_redirects_to_idx" ON "doc_article_redirects" USING btree ("to_slug");--> statement-breakpoint
ALTER TABLE "doc_article_translations" ADD CONSTRAINT "doc_article_translations_slug_doc_articles_slug_fk" FOREIGN KEY ("slug") REFERENCES "public"."doc_articles"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "announcements_untranslated_idx" ON "announcements" USING btree ("published_at" DESC NULLS LAST) WHERE cardinality("announcements"."missing_locales") > 0;--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at","id");--> statement-breakpoint
-- Hand-written: announcements.missing_locales follows its translations whoever writes them (the back office, the
-- seed, a script), one UPDATE per statement through transition tables rather than one per row.
CREATE FUNCTION "announcement_missing_locales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE announcements a SET missing_locales = ARRAY(
      SELECT l FROM unnest(ARRAY['zh', 'ja']) l WHERE NOT EXISTS (
        SELECT 1 FROM announcement_translations t WHERE t.announcement_id = a.id AND t.locale = l AND t.title <> ''))
    WHERE a.id IN (SELECT announcement_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE announcements a SET missing_locales = ARRAY(
      SELECT l FROM unnest(ARRAY['zh', 'ja']) l WHERE NOT EXISTS (
        SELECT 1 FROM announcement_translations t WHERE t.announcement_id = a.id AND t.locale = l AND t.title <> ''))
    WHERE a.id IN (SELECT announcement_id FROM new_rows UNION SELECT announcement_id FROM old_rows);
  ELSE
    UPDATE announcements a SET missing_locales = ARRAY(
      SELECT l FROM unnest(ARRAY['zh', 'ja']) l WHERE NOT EXISTS (
        SELECT 1 FROM announcement_translations t WHERE t.announcement_id = a.id AND t.locale = l AND t.title <> ''))
    WHERE a.id IN (SELECT announcement_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "announcement_translations_added" AFTER INSERT ON "announcement_translations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "announcement_missing_locales"();
--> statement-breakpoint
CREATE TRIGGER "announcement_translations_changed" AFTER UPDATE ON "announcement_translations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "announcement_missing_locales"();
--> statement-breakpoint
CREATE TRIGGER "announcement_translations_removed" AFTER DELETE ON "announcement_translations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "announcement_missing_locales"();
--> statement-breakpoint
UPDATE announcements a SET missing_locales = ARRAY(
  SELECT l FROM unnest(ARRAY['zh', 'ja']) l WHERE NOT EXISTS (
    SELECT 1 FROM announcement_translations t WHERE t.announcement_id = a.id AND t.locale = l AND t.title <> ''));
