-- The outbox sends by priority, then oldest first (src/jobs/outbox.ts): 0 (the default) for what someone waits for
-- (a password link, a sign-up's confirmation), 1 for the e-mails one action writes to many (a test's participants).
-- Every statement may run again on a database that has it (IF EXISTS, IF NOT EXISTS, the backfill's condition), as
-- the upgrade tests run the migrations after an earlier one again.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "email_outbox_owed_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_due_idx" ON "email_outbox" USING btree ("priority","created_at","id") WHERE "email_outbox"."sent_at" is null;--> statement-breakpoint
-- A test's e-mails an older release left unsent (they carry their invitation's event) wait behind the links.
UPDATE "email_outbox" SET "priority" = 1 WHERE "sent_at" IS NULL AND "calendar_uid" IS NOT NULL AND "priority" = 0;
