CREATE TABLE "chat_contexts" (
	"conversation" uuid PRIMARY KEY NOT NULL,
	"intent" text NOT NULL,
	"entities" jsonb NOT NULL,
	"language" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_contexts_expires_at_idx" ON "chat_contexts" USING btree ("expires_at");