ALTER TABLE "documents" ADD COLUMN "contents_pages" jsonb;--> statement-breakpoint
ALTER TABLE "sparks" ADD COLUMN "general_knowledge" boolean DEFAULT false NOT NULL;