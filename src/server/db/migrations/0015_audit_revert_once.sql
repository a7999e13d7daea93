ALTER TABLE "audit_log" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reverted_by" integer;--> statement-breakpoint
-- Entries written before these columns: the version is the one their "after" snapshot records, and an entry
-- undone (perhaps more than once) counts as undone by its first revert.
UPDATE "audit_log" SET "version" = ("after"->>'version')::integer WHERE jsonb_typeof("after"->'version') = 'number';--> statement-breakpoint
UPDATE "audit_log" e SET "reverted_by" = r."first"
  FROM (SELECT "revert_of", min("id") AS "first" FROM "audit_log" WHERE "revert_of" IS NOT NULL GROUP BY "revert_of") r
 WHERE e."id" = r."revert_of";
