CREATE TABLE "whatsapp_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"spark_id" uuid NOT NULL,
	"phone_number_id" text NOT NULL,
	"sealed" text NOT NULL,
	"verify_token" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"last_received_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"last_problem" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_channels_spark_id_unique" UNIQUE("spark_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"channel_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"sender" text NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"sent_at" timestamp with time zone NOT NULL,
	"reply" jsonb,
	"state" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_channel_id_message_id_pk" PRIMARY KEY("channel_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD CONSTRAINT "whatsapp_channels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD CONSTRAINT "whatsapp_channels_spark_id_sparks_id_fk" FOREIGN KEY ("spark_id") REFERENCES "public"."sparks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_channel_id_whatsapp_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."whatsapp_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_visitor_idx" ON "whatsapp_messages" USING btree ("channel_id","visitor_hash","created_at");