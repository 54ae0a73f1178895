ALTER TABLE "test_schedules" ADD COLUMN "calendar_host" text;--> statement-breakpoint
-- A test already announced keeps the host its invitations named (kept on the outbox row after sending), so that
-- setting or changing PUBLIC_URL with this release does not give it a new identity in the calendars it is in.
-- Tests never e-mailed read the setting, as before.
UPDATE "test_schedules" AS s SET "calendar_host" = first.host
FROM (
  SELECT DISTINCT ON (m[1]::int) m[1]::int AS schedule_id, m[2] AS host
  FROM "email_outbox" AS o, regexp_match(o."calendar_uid", '^bursa-test-(\d+)-application-\d+@(.+)$') AS m
  WHERE o."calendar_uid" IS NOT NULL
  ORDER BY m[1]::int, o."id"
) AS first
WHERE s."id" = first.schedule_id AND s."calendar_host" IS NULL;
