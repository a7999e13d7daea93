CREATE TABLE "cdn_purges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cdn_purges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tags" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cdn_purges_due_idx" ON "cdn_purges" USING btree ("next_attempt_at");