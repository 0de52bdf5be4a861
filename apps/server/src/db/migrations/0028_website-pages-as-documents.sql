ALTER TABLE "documents" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "left_out" jsonb DEFAULT '[]'::jsonb NOT NULL;