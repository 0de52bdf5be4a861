ALTER TABLE "sparks" ADD COLUMN "first_test_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sparks" ADD COLUMN "first_test_question_at" timestamp with time zone;--> statement-breakpoint
-- Sparks tested before this release: what their existing tests and test questions show.
UPDATE "sparks" s SET "first_test_at" = (SELECT min(t."created_at") FROM "spark_tests" t WHERE t."spark_id" = s."id") WHERE "first_test_at" IS NULL;--> statement-breakpoint
UPDATE "sparks" s SET "first_test_question_at" = (SELECT min(m."created_at") FROM "chat_messages" m JOIN "conversations" c ON c."id" = m."conversation_id" WHERE c."spark_id" = s."id" AND c."kind" = 'test' AND m."type" = 'human' AND lower(trim(m."data"->>'content')) <> 'inicio') WHERE "first_test_question_at" IS NULL;
