CREATE TABLE "textbook_revisions" (
	"textbook_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"manifest" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "textbook_revisions_textbook_id_revision_pk" PRIMARY KEY("textbook_id","revision")
);
--> statement-breakpoint
ALTER TABLE "textbook_versions" ADD COLUMN "kind" text DEFAULT 'edit' NOT NULL;--> statement-breakpoint
ALTER TABLE "textbook_versions" ADD COLUMN "changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "textbook_revisions" ADD CONSTRAINT "textbook_revisions_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;