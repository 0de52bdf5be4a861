ALTER TABLE "document_chunks" ADD COLUMN "path" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "kind" text DEFAULT 'prose' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "fields" jsonb;--> statement-breakpoint
-- Passages read before their structure was kept: their one heading is their path; "Read again" gives the rest.
UPDATE "document_chunks" SET "path" = jsonb_build_array("heading") WHERE "heading" IS NOT NULL;
