ALTER TABLE "conversations" ADD COLUMN "channel" text;--> statement-breakpoint
-- Visitor conversations so far came from the widget, except those of a WhatsApp sender (known by their messages).
UPDATE "conversations" SET "channel" = 'widget' WHERE "kind" = 'widget';--> statement-breakpoint
UPDATE "conversations" c SET "channel" = 'whatsapp'
FROM "whatsapp_messages" m JOIN "whatsapp_channels" w ON w."id" = m."channel_id"
WHERE c."kind" = 'widget' AND c."spark_id" = w."spark_id" AND c."visitor_hash" = m."visitor_hash";
