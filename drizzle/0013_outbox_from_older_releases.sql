-- Upgrading from an older release, its outbox rows are brought under the current rules (src/jobs/outbox.ts).
-- Releases before the e-mail backoff gave an e-mail up after its 5th try and left claimed_until empty; the
-- current worker tries 6 and would send them now, days late: an invitation after its test's cancellation, an
-- expired password link. They stay given up. (The current worker never leaves claimed_until empty after a
-- failure, so only such rows match.) The same for reminders' e-mails.
UPDATE "email_outbox" SET "attempts" = 6
WHERE "sent_at" IS NULL AND "attempts" = 5 AND "claimed_until" IS NULL AND "last_error" IS NOT NULL;--> statement-breakpoint
UPDATE "reminder_deliveries" SET "attempts" = 6
WHERE "email_sent_at" IS NULL AND "attempts" = 5 AND "email_claimed_until" IS NULL AND "last_error" IS NOT NULL;--> statement-breakpoint
-- An unsent invitation queued before migration 0011 names its test only inside its iCalendar text: its UID is
-- filled in, so that a later e-mail of the same test (a cancellation) supersedes it.
UPDATE "email_outbox" SET "calendar_uid" = substring("calendar" from 'UID:([^\r\n]+)')
WHERE "sent_at" IS NULL AND "calendar" IS NOT NULL AND "calendar_uid" IS NULL;
