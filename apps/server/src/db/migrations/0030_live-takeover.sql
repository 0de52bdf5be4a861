ALTER TABLE "conversations" ADD COLUMN "taken_over_by" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "taken_over_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "taken_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "hand_back_minutes" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_taken_over_by_users_id_fk" FOREIGN KEY ("taken_over_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;