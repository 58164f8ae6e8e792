-- Owners a user asked never to be added by again (they left a book of that owner with "block").
CREATE TABLE "collaboration_blocks" (
	"user_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaboration_blocks_user_id_owner_id_pk" PRIMARY KEY("user_id","owner_id")
);
--> statement-breakpoint
ALTER TABLE "collaboration_blocks" ADD CONSTRAINT "collaboration_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_blocks" ADD CONSTRAINT "collaboration_blocks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;