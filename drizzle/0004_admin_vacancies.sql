ALTER TABLE "job_vacancies" ADD COLUMN "posted_by" integer;--> statement-breakpoint
ALTER TABLE "job_vacancies" ADD COLUMN "approval_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_vacancies" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "job_vacancies" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "job_vacancies" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_vacancies" ADD CONSTRAINT "job_vacancies_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vacancies" ADD CONSTRAINT "job_vacancies_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_vacancies_pending_idx" ON "job_vacancies" USING btree ("created_at") WHERE "job_vacancies"."approval_status" = 'pending' and "job_vacancies"."deleted_at" is null;--> statement-breakpoint
-- Hand-written below. Existing vacancies are approved (the column's default). Who posted them: the
-- account that created them (HR, before staff could post), else the company's first HR account (by id),
-- else null (unknown).
UPDATE "job_vacancies" v
   SET posted_by = coalesce(v.created_by,
         (SELECT min(u.id) FROM users u WHERE u.company_id = v.company_id AND u.role = 'hrd'));--> statement-breakpoint

-- The student list's index (migration 0001): `listed` now also requires the vacancy to be approved, so a
-- pending or rejected vacancy is never in a learner's list or its count.
CREATE OR REPLACE FUNCTION "job_vacancy_majors_copy_vacancy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT v.created_at, v.deadline, v.target,
         v.is_active AND v.deleted_at IS NULL AND c.is_active AND v.approval_status = 'approved'
    INTO NEW.vacancy_created_at, NEW.vacancy_deadline, NEW.vacancy_target, NEW.listed
    FROM job_vacancies v JOIN companies c ON c.id = v.company_id
   WHERE v.id = NEW.job_vacancy_id;
  RETURN NEW;
END $$;--> statement-breakpoint
-- The vacancy's trigger also fires on a change of its approval (DROP + CREATE: CREATE OR REPLACE TRIGGER
-- needs PostgreSQL 14, and 13 is supported).
DROP TRIGGER "job_vacancies_copy_to_majors" ON "job_vacancies";--> statement-breakpoint
CREATE TRIGGER "job_vacancies_copy_to_majors" AFTER UPDATE OF "created_at", "deadline", "target", "is_active", "deleted_at", "company_id", "approval_status" ON "job_vacancies"
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.deadline IS DISTINCT FROM NEW.deadline
    OR OLD.target IS DISTINCT FROM NEW.target OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.approval_status IS DISTINCT FROM NEW.approval_status)
  EXECUTE FUNCTION "job_vacancies_copy_to_majors"();--> statement-breakpoint
UPDATE "job_vacancy_majors" SET listed = listed;
