-- A placement's status set directly by HR (resigned, permanent, ...) is no longer taken back by a missed
-- follow-up recorded afterwards whose mark falls before it: the day it was set is kept. For placements of
-- older releases, a status that is not their latest follow-up's (or, without one, not `active`) was set
-- directly; its day is taken as the row's last change, on the school's calendar.
ALTER TABLE "placements" ADD COLUMN "status_set_at" date;--> statement-breakpoint
UPDATE "placements" p
SET "status_set_at" = (p."updated_at" AT TIME ZONE coalesce(nullif(current_setting('bursa.school_time_zone', true), ''), 'Asia/Jakarta'))::date
WHERE p."status" <> coalesce(
  (SELECT c."status" FROM "placement_checkins" c WHERE c."placement_id" = p."id" ORDER BY c."month_mark" DESC LIMIT 1),
  'active'
);
