CREATE TABLE "widget_refusals" (
	"spark_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"reason" text NOT NULL,
	"times" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_refusals_spark_id_origin_pk" PRIMARY KEY("spark_id","origin")
);
--> statement-breakpoint
ALTER TABLE "widget_refusals" ADD CONSTRAINT "widget_refusals_spark_id_sparks_id_fk" FOREIGN KEY ("spark_id") REFERENCES "public"."sparks"("id") ON DELETE cascade ON UPDATE no action;