-- A textbook's live (Yjs) document, stored compacted beside the JSON content it matches.
CREATE TABLE "live_documents" (
	"textbook_id" integer PRIMARY KEY NOT NULL REFERENCES "textbooks"("id") ON DELETE CASCADE,
	"state" bytea NOT NULL,
	"revision" integer NOT NULL,
	"epoch" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Out of line and uncompressed, like textbooks.content: a store rewrites it every few seconds.
ALTER TABLE "live_documents" ALTER COLUMN "state" SET STORAGE EXTERNAL;
