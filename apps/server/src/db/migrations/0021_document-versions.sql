ALTER TABLE "documents" ADD COLUMN "lineage_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "replaces_id" uuid;