-- A participant whose application left the selection before the test began took no part in it: `released_at`
-- says when (releaseFromTests sets it from now on), and the attendance queue leaves them out unless HR marked
-- them anyway. Those who left before this release are found by their timeline: withdrawn, published accepted or
-- rejected, or closed with their deleted vacancy (releases before 3c47d66 left its tests scheduled), before the
-- test's time.
ALTER TABLE "test_participants" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
UPDATE "test_participants" tp SET "released_at" = e."left_at"
FROM "test_schedules" ts, "applications" a,
  (SELECT "application_id", min("at") AS "left_at" FROM "application_events"
   WHERE "stage" IN ('withdrawn', 'vacancy_closed')
      OR ("stage" = 'selection_published' AND "status" IN ('diterima', 'tidak_diterima'))
   GROUP BY "application_id") e
WHERE ts."id" = tp."test_schedule_id" AND a."id" = tp."application_id" AND e."application_id" = tp."application_id"
  AND a."status" NOT IN ('pending', 'in_progress') AND e."left_at" < ts."scheduled_at";
