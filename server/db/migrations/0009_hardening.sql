-- Failed sign-ins counted in the database (shared by every instance), sessions that end after a
-- week idle, and textbooks that go to a trash before they are purged.
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "textbooks" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
-- The title and chapter titles of each textbook, kept beside its content: what GET /api/textbooks
-- answers without reading megabytes per book. Filled here for the books that exist.
ALTER TABLE "textbooks" ADD COLUMN "summary" json;--> statement-breakpoint
UPDATE "textbooks" SET "summary" = json_build_object(
	'title', coalesce("content"->>'title', ''),
	'chapters', coalesce((
		SELECT json_agg(json_build_object('title', coalesce(c->>'title', '')) ORDER BY n)
		FROM json_array_elements(CASE WHEN json_typeof("content"->'chapters') = 'array' THEN "content"->'chapters' ELSE '[]'::json END) WITH ORDINALITY AS e(c, n)
	), '[]'::json)
);
