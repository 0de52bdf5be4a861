CREATE TABLE "messaging_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"spark_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text,
	"instagram_id" text,
	"instagram_username" text,
	"sealed" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"allow_groups" boolean DEFAULT false NOT NULL,
	"last_received_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"last_problem" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_channels_spark_platform" UNIQUE("spark_id","platform"),
	CONSTRAINT "messaging_channels_account" UNIQUE("platform","account_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_messages" (
	"channel_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"surface" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"sender" text NOT NULL,
	"sender_language" text,
	"kind" text NOT NULL,
	"text" text,
	"sent_at" timestamp with time zone NOT NULL,
	"reply" jsonb,
	"answer_id" text,
	"sent_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_messages_channel_id_message_id_pk" PRIMARY KEY("channel_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "messaging_channels" ADD CONSTRAINT "messaging_channels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_channels" ADD CONSTRAINT "messaging_channels_spark_id_sparks_id_fk" FOREIGN KEY ("spark_id") REFERENCES "public"."sparks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_messages" ADD CONSTRAINT "messaging_messages_channel_id_messaging_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."messaging_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messaging_messages_visitor_idx" ON "messaging_messages" USING btree ("channel_id","visitor_hash","created_at");