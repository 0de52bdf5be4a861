ALTER TABLE "websites" ADD COLUMN "auto_import" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "syncs" jsonb DEFAULT '[]'::jsonb NOT NULL;