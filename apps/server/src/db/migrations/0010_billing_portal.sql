ALTER TABLE "checkout_sessions" ADD COLUMN "kind" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "provider_customer_id" text;