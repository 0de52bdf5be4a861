CREATE TABLE "spark_test_errors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"error" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spark_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"spark_id" uuid NOT NULL,
	"name" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sparks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"pin" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'DOC' NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"deploy_token" text NOT NULL,
	"initial_message" text NOT NULL,
	"level" text DEFAULT 'PUBLIC' NOT NULL,
	"sys_prompt" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spark_test_errors" ADD CONSTRAINT "spark_test_errors_test_id_spark_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."spark_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spark_tests" ADD CONSTRAINT "spark_tests_spark_id_sparks_id_fk" FOREIGN KEY ("spark_id") REFERENCES "public"."sparks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sparks" ADD CONSTRAINT "sparks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spark_test_errors_test_idx" ON "spark_test_errors" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "spark_tests_spark_idx" ON "spark_tests" USING btree ("spark_id");--> statement-breakpoint
CREATE INDEX "sparks_tenant_created_idx" ON "sparks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sparks_deploy_token_key" ON "sparks" USING btree ("deploy_token");