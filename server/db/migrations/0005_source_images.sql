-- Figures and equation crops found in a user's documents are stored with the source they came from
-- (once per source and picture), and may be read by whoever may read a textbook made from that source.
ALTER TABLE "images" ADD COLUMN "source_id" integer REFERENCES "sources"("id") ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX "images_source_idx" ON "images" USING btree ("source_id","sha256");
