-- Deleting a vacancy now closes its open applications (the lifecycle's `vacancyClosed` move). Those of a vacancy
-- deleted before this release stayed pending or in the selection for good, out of every HR route: they are
-- closed the same way, with the same timeline row and no notice (the applicant was never told then either, and
-- a batch of old news would only confuse). The vacancy counters follow the status through their trigger.
WITH closed AS (
  UPDATE "applications" a SET "status" = 'rejected', "updated_at" = now()
  FROM "job_vacancies" v
  WHERE v."id" = a."job_vacancy_id" AND v."deleted_at" IS NOT NULL AND a."status" IN ('pending', 'in_progress')
  RETURNING a."id", v."deleted_at"
)
INSERT INTO "application_events" ("application_id", "stage", "status", "at")
SELECT "id", 'vacancy_closed', 'rejected', "deleted_at" FROM closed;
