ALTER TABLE "job_vacancies" ADD COLUMN IF NOT EXISTS "places_freed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not know triggers). The ALTER TABLE above holds job_vacancies until the
-- migrator's transaction commits, so no change slips between the trigger's creation and the backfill. Every
-- statement may run again on a database that has it (IF NOT EXISTS, OR REPLACE, the backfill sets every row),
-- as the upgrade tests run the migrations after an earlier one again.

-- A place given back: a placement of a vacancy (through bursa) ended or deleted. Owned by the database, as the
-- application counters are (migration 0001), so no path (HR's or staff's PATCH, a follow-up taking its status, a
-- hand-run fix) can forget it.
CREATE OR REPLACE FUNCTION "placements_free_place"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := false;
  is_now boolean := false;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    was := OLD.job_vacancy_id IS NOT NULL AND (OLD.deleted_at IS NOT NULL OR OLD.status IN ('resigned', 'moved'));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    is_now := NEW.job_vacancy_id IS NOT NULL AND (NEW.deleted_at IS NOT NULL OR NEW.status IN ('resigned', 'moved'));
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.job_vacancy_id IS NOT DISTINCT FROM NEW.job_vacancy_id THEN
    IF was <> is_now THEN
      UPDATE job_vacancies SET places_freed = places_freed + is_now::int - was::int WHERE id = NEW.job_vacancy_id;
    END IF;
    RETURN NULL;
  END IF;
  IF was THEN
    UPDATE job_vacancies SET places_freed = places_freed - 1 WHERE id = OLD.job_vacancy_id;
  END IF;
  IF is_now THEN
    UPDATE job_vacancies SET places_freed = places_freed + 1 WHERE id = NEW.job_vacancy_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "placements_free_place" ON "placements";--> statement-breakpoint
CREATE TRIGGER "placements_free_place" AFTER INSERT OR DELETE OR UPDATE OF "status", "deleted_at", "job_vacancy_id"
  ON "placements" FOR EACH ROW EXECUTE FUNCTION "placements_free_place"();--> statement-breakpoint
UPDATE "job_vacancies" v
   SET places_freed = coalesce(c.freed, 0)
  FROM "job_vacancies" v2
  LEFT JOIN (SELECT job_vacancy_id, count(*)::int AS freed FROM placements
              WHERE job_vacancy_id IS NOT NULL AND (deleted_at IS NOT NULL OR status IN ('resigned', 'moved'))
              GROUP BY job_vacancy_id) c ON c.job_vacancy_id = v2.id
 WHERE v.id = v2.id AND v.places_freed IS DISTINCT FROM coalesce(c.freed, 0);
