ALTER TABLE "textbook_versions" ALTER COLUMN "content" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "textbooks" ALTER COLUMN "content" SET DATA TYPE json;--> statement-breakpoint
-- The current content is rewritten on every autosave: out of line and uncompressed (pglz on 5 MB is most of a save's cost in PGlite). Versions keep the default, compressed: they are written once and kept long.
ALTER TABLE "textbooks" ALTER COLUMN "content" SET STORAGE EXTERNAL;
