-- The reader link can show each chapter's source notes (files and pages), when its owner turns them on.
ALTER TABLE "share_links" ADD COLUMN "source_notes" boolean DEFAULT false NOT NULL;