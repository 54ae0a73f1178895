-- Switching a company off now cancels its tests that have not begun (while it is inactive nobody can hold,
-- change or cancel them). Those of a company an older release switched off stayed scheduled: they are cancelled
-- the same way, with the same reason and a `test_cancelled` timeline row for each participant still in the
-- selection, the SEQUENCE raised (the learner's .ics download answers METHOD:CANCEL), and no notice or e-mail
-- (as 0015 closed old applications without them: a batch of old news would only confuse).
WITH cancelled AS (
  UPDATE "test_schedules" ts SET "status" = 'cancelled', "cancelled_at" = now(),
    "cancel_reason" = 'Perusahaan ini sedang tidak aktif bermitra dengan BKK.', "sequence" = ts."sequence" + 1,
    "updated_at" = now()
  FROM "companies" c
  WHERE c."id" = ts."company_id" AND NOT c."is_active" AND ts."status" = 'scheduled' AND ts."scheduled_at" > now()
  RETURNING ts."id", ts."kind", ts."name", ts."cancel_reason"
)
INSERT INTO "application_events" ("application_id", "stage", "status", "notes", "at")
SELECT tp."application_id", 'test_cancelled', x."kind", x."name" || ': ' || x."cancel_reason", now()
FROM cancelled x
JOIN "test_participants" tp ON tp."test_schedule_id" = x."id"
JOIN "applications" a ON a."id" = tp."application_id"
WHERE a."status" = 'in_progress';
