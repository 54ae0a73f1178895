-- The event an e-mail's invitation is of (its UID, src/modules/calendar/ics.ts): an e-mail still unsent when a
-- later one of the same event is queued (a cancellation, a new time) is superseded, never sent after it.
ALTER TABLE "email_outbox" ADD COLUMN "calendar_uid" text;--> statement-breakpoint
CREATE INDEX "email_outbox_unsent_event_idx" ON "email_outbox" USING btree ("calendar_uid") WHERE "email_outbox"."sent_at" is null;