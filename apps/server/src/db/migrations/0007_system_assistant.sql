CREATE TABLE "objective_progress" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"spark_id" uuid,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "objective_progress_user_id_scope_step_pk" PRIMARY KEY("user_id","scope","step")
);
--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "spark_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "sparks" ADD COLUMN "theme" jsonb;--> statement-breakpoint
ALTER TABLE "objective_progress" ADD CONSTRAINT "objective_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objective_progress" ADD CONSTRAINT "objective_progress_spark_id_sparks_id_fk" FOREIGN KEY ("spark_id") REFERENCES "public"."sparks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_user_kind_idx" ON "conversations" USING btree ("user_id","kind");