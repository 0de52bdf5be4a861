ALTER TABLE "conversations" ADD COLUMN "visitor_hash" text;--> statement-breakpoint
ALTER TABLE "sparks" ADD COLUMN "allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_visitor_idx" ON "conversations" USING btree ("spark_id","visitor_hash");