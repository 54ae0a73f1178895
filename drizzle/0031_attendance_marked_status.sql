-- The attendance as marked (by HR, or `hadir` by the participant's check-in), kept apart from the status the
-- career center validates and may correct (src/modules/attendance/service.ts): the correction overwrote the
-- only column, and nobody could see any more that HR had marked "alpa". A record still awaiting validation
-- holds the mark as made, so it is copied; for one validated before, HR's mark is unknown (the correction
-- overwrote it, and the timeline's `test_attendance` rows hold the validated status, not the mark): it stays
-- null and the history shows nothing special. Every statement may run again (IF NOT EXISTS; only empty marks
-- are filled), as the upgrade tests run the migrations after an earlier one.
ALTER TABLE "test_participants" ADD COLUMN IF NOT EXISTS "marked_status" text;--> statement-breakpoint
UPDATE "test_participants" SET "marked_status" = "attendance_status"
  WHERE "validation_status" = 'pending' AND "marked_status" IS NULL AND "attendance_status" IS NOT NULL;
