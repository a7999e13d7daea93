-- How each word of the search vocabulary is read (docs/decisions/059-readings.md): the application fills it for
-- Chinese and Japanese words when it indexes them, and for the words already there at its next start; English
-- words have none.
ALTER TABLE "search_terms" ADD COLUMN "reading" text;--> statement-breakpoint
UPDATE "search_terms" SET "reading" = '' WHERE "locale" = 'en';--> statement-breakpoint
CREATE INDEX "search_terms_reading_idx" ON "search_terms" USING btree ("locale","reading");
