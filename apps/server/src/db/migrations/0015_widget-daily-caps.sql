CREATE TABLE "widget_daily_usage" (
	"spark_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_daily_usage_spark_id_day_visitor_pk" PRIMARY KEY("spark_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "sparks" ADD COLUMN "widget_visitor_daily_cap" integer;--> statement-breakpoint
ALTER TABLE "sparks" ADD COLUMN "widget_spark_daily_cap" integer;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD COLUMN "alerted_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_daily_usage" ADD CONSTRAINT "widget_daily_usage_spark_id_sparks_id_fk" FOREIGN KEY ("spark_id") REFERENCES "public"."sparks"("id") ON DELETE cascade ON UPDATE no action;