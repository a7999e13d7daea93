CREATE TABLE "chat_contexts" (
	"conversation" uuid PRIMARY KEY NOT NULL,
	"intent" text NOT NULL,
	"entities" jsonb NOT NULL,
	"language" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body_text" text NOT NULL,
	"published_at" timestamp with time zone,
	"words" text[] NOT NULL,
	"source_hash" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"title_document" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_kind_ref_locale_pk" PRIMARY KEY("kind","ref","locale")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"locale" text NOT NULL,
	"term" text NOT NULL,
	"document_count" integer NOT NULL,
	"initial" text NOT NULL,
	"length" smallint NOT NULL,
	CONSTRAINT "search_terms_locale_term_pk" PRIMARY KEY("locale","term")
);
--> statement-breakpoint
CREATE INDEX "chat_contexts_expires_at_idx" ON "chat_contexts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_title_idx" ON "search_documents" USING gin ("title_document");--> statement-breakpoint
CREATE INDEX "search_terms_initial_idx" ON "search_terms" USING btree ("locale","initial","length");--> statement-breakpoint
-- pg_trgm makes "did you mean" an index lookup; a database that refuses the extension still migrates, and the
-- suggestions use their fallback (docs/decisions/046-search.md).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
  RAISE NOTICE 'pg_trgm is not available: search suggestions use the fallback without it';
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "search_terms_term_trgm" ON "search_terms" USING gin ("term" gin_trgm_ops);
  END IF;
END $$;
