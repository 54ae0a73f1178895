-- One person is one applicant of a vacancy (docs/decisions.md, "One person, one applicant of a vacancy"). An
-- application the school withdrew (`withdrawn_by_school`, migration 0033) that the learner followed with a new
-- application to the same vacancy is history: `superseded`, left out of every count of applicants (the vacancy's
-- kept `applicant_count`, HR's list and statistics, monitoring, the reports, the dashboard). It rides along in the
-- three indexes those counts read, so they stay index-only. Every statement may run again (IF NOT EXISTS, CREATE OR
-- REPLACE, the triggers and indexes dropped and made again, the backfill sets only rows still false), as the upgrade
-- tests run the migrations after an earlier one.
ALTER TABLE "applications" ADD COLUMN IF NOT EXISTS "superseded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "applications_vacancy_status_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "applications_vacancy_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "applications_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_vacancy_status_idx" ON "applications" USING btree ("job_vacancy_id","status","review_decision","superseded");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_vacancy_created_idx" ON "applications" USING btree ("job_vacancy_id","created_at","id","superseded");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_created_idx" ON "applications" USING btree ("created_at","job_vacancy_id","status","review_decision","student_id","superseded");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not know triggers).

-- The vacancy's counters (migration 0001): `applicant_count` counts the applications not superseded;
-- `accepted_count` is as before (a superseded application is withdrawn, never accepted).
CREATE OR REPLACE FUNCTION "applications_count_on_vacancy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.job_vacancy_id = NEW.job_vacancy_id THEN
    UPDATE job_vacancies
       SET applicant_count = applicant_count + (NOT NEW.superseded)::int - (NOT OLD.superseded)::int,
           accepted_count = accepted_count + (NEW.status = 'accepted')::int - (OLD.status = 'accepted')::int
     WHERE id = NEW.job_vacancy_id;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE job_vacancies
       SET applicant_count = applicant_count - (NOT OLD.superseded)::int,
           accepted_count = accepted_count - (OLD.status = 'accepted')::int
     WHERE id = OLD.job_vacancy_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE job_vacancies
       SET applicant_count = applicant_count + (NOT NEW.superseded)::int,
           accepted_count = accepted_count + (NEW.status = 'accepted')::int
     WHERE id = NEW.job_vacancy_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Still only a change that moves a count (accepted, the vacancy, superseded) touches the vacancy row.
DROP TRIGGER IF EXISTS "applications_count_on_vacancy_upd" ON "applications";--> statement-breakpoint
CREATE TRIGGER "applications_count_on_vacancy_upd" AFTER UPDATE OF "status", "job_vacancy_id", "superseded" ON "applications"
  FOR EACH ROW WHEN ((OLD.status = 'accepted') IS DISTINCT FROM (NEW.status = 'accepted') OR OLD.job_vacancy_id <> NEW.job_vacancy_id
    OR OLD.superseded <> NEW.superseded)
  EXECUTE FUNCTION "applications_count_on_vacancy"();--> statement-breakpoint
-- A new application supersedes the learner's earlier ones to the vacancy that the school withdrew (the unique key
-- lets only those stand beside it). In the statement that inserts it, whatever writes it (apply, the demo seed, a
-- test helper, a fix by hand): a probe of a few index pages (the learner's applications on applications_student_idx,
-- the vacancy's withdrawn ones on applications_vacancy_status_idx).
CREATE OR REPLACE FUNCTION "applications_supersede_earlier"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET superseded = true
   WHERE student_id = NEW.student_id AND job_vacancy_id = NEW.job_vacancy_id AND id < NEW.id
     AND status = 'withdrawn' AND withdrawn_by_school AND NOT superseded;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "applications_supersede_earlier" ON "applications";--> statement-breakpoint
CREATE TRIGGER "applications_supersede_earlier" AFTER INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_supersede_earlier"();--> statement-breakpoint
-- Those applied again to before this upgrade (migration 0033 on): the counters' trigger above takes each off its
-- vacancy's applicant_count.
UPDATE "applications" a SET "superseded" = true
 WHERE a."withdrawn_by_school" AND NOT a."superseded"
   AND EXISTS (SELECT 1 FROM "applications" b
                WHERE b."student_id" = a."student_id" AND b."job_vacancy_id" = a."job_vacancy_id" AND b."id" > a."id");
