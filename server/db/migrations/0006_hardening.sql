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
