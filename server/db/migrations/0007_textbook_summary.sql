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
