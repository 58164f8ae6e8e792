CREATE TABLE "queued_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "error_status" integer;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "worker" text;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
