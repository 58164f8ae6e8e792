-- Reader links for students: one per textbook, only the sha256 of the token is stored.
-- (migration 0005 was written by hand without a snapshot; the images.source_id lines drizzle-kit
-- repeated from it are left out here, and this migration's snapshot records them.)
CREATE TABLE "share_links" (
	"textbook_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"material_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_textbook_id_textbooks_id_fk" FOREIGN KEY ("textbook_id") REFERENCES "public"."textbooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_idx" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_created_by_idx" ON "share_links" USING btree ("created_by");
