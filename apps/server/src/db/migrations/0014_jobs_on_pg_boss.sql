ALTER TABLE "documents" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "integrations" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "test_runs" DROP COLUMN "locked_until";