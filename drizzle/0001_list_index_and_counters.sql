ALTER TABLE "job_vacancies" ADD COLUMN "applicant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_vacancies" ADD COLUMN "accepted_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_vacancy_majors" ADD COLUMN "vacancy_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "job_vacancy_majors" ADD COLUMN "vacancy_deadline" date;--> statement-breakpoint
ALTER TABLE "job_vacancy_majors" ADD COLUMN "vacancy_target" text;--> statement-breakpoint
ALTER TABLE "job_vacancy_majors" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not know triggers). Everything runs in the migrator's one
-- transaction; the ALTER TABLEs above hold job_vacancies and job_vacancy_majors until it commits, so no
-- write can slip between the triggers' creation and the backfill.

-- Counters on the vacancy: applications (every status) and accepted ones, changed by the same
-- transaction that changes applications. Owned by the database so no code path (apply, withdraw,
-- review, publish, a seed, a test helper, a hand-run fix) can forget them.
CREATE FUNCTION "applications_count_on_vacancy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.job_vacancy_id = NEW.job_vacancy_id THEN
    UPDATE job_vacancies
       SET accepted_count = accepted_count + (NEW.status = 'accepted')::int - (OLD.status = 'accepted')::int
     WHERE id = NEW.job_vacancy_id;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE job_vacancies
       SET applicant_count = applicant_count - 1, accepted_count = accepted_count - (OLD.status = 'accepted')::int
     WHERE id = OLD.job_vacancy_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE job_vacancies
       SET applicant_count = applicant_count + 1, accepted_count = accepted_count + (NEW.status = 'accepted')::int
     WHERE id = NEW.job_vacancy_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_count_on_vacancy_ins_del" AFTER INSERT OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_count_on_vacancy"();--> statement-breakpoint
-- Only a change into or out of 'accepted' (or to another vacancy) touches the vacancy row: a review or a
-- withdrawal does not lock it.
CREATE TRIGGER "applications_count_on_vacancy_upd" AFTER UPDATE OF "status", "job_vacancy_id" ON "applications"
  FOR EACH ROW WHEN ((OLD.status = 'accepted') IS DISTINCT FROM (NEW.status = 'accepted') OR OLD.job_vacancy_id <> NEW.job_vacancy_id)
  EXECUTE FUNCTION "applications_count_on_vacancy"();--> statement-breakpoint
UPDATE "job_vacancies" v
   SET applicant_count = c.applicants, accepted_count = c.accepted
  FROM (SELECT job_vacancy_id, count(*)::int AS applicants, (count(*) FILTER (WHERE status = 'accepted'))::int AS accepted
          FROM applications GROUP BY job_vacancy_id) c
 WHERE c.job_vacancy_id = v.id;--> statement-breakpoint

-- The student list's copies on job_vacancy_majors (see src/db/schema/recruitment.ts).
CREATE FUNCTION "job_vacancy_majors_copy_vacancy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT v.created_at, v.deadline, v.target, v.is_active AND v.deleted_at IS NULL AND c.is_active
    INTO NEW.vacancy_created_at, NEW.vacancy_deadline, NEW.vacancy_target, NEW.listed
    FROM job_vacancies v JOIN companies c ON c.id = v.company_id
   WHERE v.id = NEW.job_vacancy_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_vacancy_majors_copy_vacancy" BEFORE INSERT OR UPDATE ON "job_vacancy_majors"
  FOR EACH ROW EXECUTE FUNCTION "job_vacancy_majors_copy_vacancy"();--> statement-breakpoint
-- A change of the vacancy rewrites its rows (the BEFORE trigger above reads the new values).
CREATE FUNCTION "job_vacancies_copy_to_majors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_vacancy_majors SET listed = listed WHERE job_vacancy_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_vacancies_copy_to_majors" AFTER UPDATE OF "created_at", "deadline", "target", "is_active", "deleted_at", "company_id" ON "job_vacancies"
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.deadline IS DISTINCT FROM NEW.deadline
    OR OLD.target IS DISTINCT FROM NEW.target OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION "job_vacancies_copy_to_majors"();--> statement-breakpoint
CREATE FUNCTION "companies_copy_to_majors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_vacancy_majors m SET listed = listed FROM job_vacancies v WHERE v.company_id = NEW.id AND m.job_vacancy_id = v.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "companies_copy_to_majors" AFTER UPDATE OF "is_active" ON "companies"
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION "companies_copy_to_majors"();--> statement-breakpoint
UPDATE "job_vacancy_majors" SET listed = listed;--> statement-breakpoint
CREATE INDEX "applications_vacancy_created_idx" ON "applications" USING btree ("job_vacancy_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_vacancy_majors_listed_idx" ON "job_vacancy_majors" USING btree ("major_id","vacancy_created_at" DESC NULLS FIRST,"job_vacancy_id" DESC NULLS FIRST,"vacancy_deadline","vacancy_target") WHERE "job_vacancy_majors"."listed";