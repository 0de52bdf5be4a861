ALTER TABLE "whatsapp_messages" ADD COLUMN "answer_id" text;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "sent_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;