ALTER TABLE "conversations" ADD COLUMN "person_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "person_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_person_asked_idx" ON "conversations" USING btree ("person_asked_at") WHERE "conversations"."person_asked_at" is not null;