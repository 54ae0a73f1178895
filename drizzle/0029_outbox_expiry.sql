-- When what an e-mail carries stops working (a password link, a sign-up's confirmation link): the outbox gives it up
-- rather than send a dead link after a long mail outage (src/jobs/outbox.ts, EXPIRED). Null: no end. May run again
-- on a database that has it (IF NOT EXISTS), as the upgrade tests run the migrations after an earlier one.
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "expires_at" timestamp with time zone;
