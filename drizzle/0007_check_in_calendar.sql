ALTER TABLE "test_schedules" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_schedules" ADD COLUMN "check_in_secret" text;--> statement-breakpoint
ALTER TABLE "test_participants" ADD COLUMN "checked_in_at" timestamp with time zone;
