ALTER TABLE "documents" ADD COLUMN "ocr_pages" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "low_confidence_pages" jsonb;