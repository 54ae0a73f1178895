ALTER TABLE "job_vacancies" ADD COLUMN "majors" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not know triggers). Everything runs in the migrator's one
-- transaction, after the ALTER TABLE above, which holds job_vacancies until it commits.

-- The vacancy's majors as every answer shows them, kept on the vacancy (job_vacancies.majors) so that a
-- list reads one column instead of aggregating job_vacancy_majors and majors once per row (that
-- aggregate was half the student list's database time; docs/performance.md).
CREATE FUNCTION "vacancy_majors_refresh"(vacancy_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE job_vacancies v
     SET majors = coalesce((
           SELECT json_agg(json_build_object('id', m.id, 'code', m.code, 'name', m.name) ORDER BY m.name, m.id)
             FROM job_vacancy_majors jm JOIN majors m ON m.id = jm.major_id
            WHERE jm.job_vacancy_id = v.id), '[]'::json)
   WHERE v.id = ANY(vacancy_ids)
$$;--> statement-breakpoint
-- Once per statement, for the vacancies the statement touched (a vacancy saved with five majors is one
-- refresh, not five). The copies' own UPDATEs (listed = listed) change no key: they are skipped.
CREATE FUNCTION "job_vacancy_majors_to_vacancy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vacancy_majors_refresh(ARRAY(SELECT DISTINCT job_vacancy_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vacancy_majors_refresh(ARRAY(SELECT DISTINCT job_vacancy_id FROM old_rows));
  ELSE
    PERFORM vacancy_majors_refresh(ARRAY(
      SELECT o.job_vacancy_id FROM old_rows o
       WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.job_vacancy_id = o.job_vacancy_id AND n.major_id = o.major_id)
      UNION
      SELECT n.job_vacancy_id FROM new_rows n
       WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE n.job_vacancy_id = o.job_vacancy_id AND n.major_id = o.major_id)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_vacancy_majors_to_vacancy_ins" AFTER INSERT ON "job_vacancy_majors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "job_vacancy_majors_to_vacancy"();--> statement-breakpoint
CREATE TRIGGER "job_vacancy_majors_to_vacancy_del" AFTER DELETE ON "job_vacancy_majors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "job_vacancy_majors_to_vacancy"();--> statement-breakpoint
CREATE TRIGGER "job_vacancy_majors_to_vacancy_upd" AFTER UPDATE ON "job_vacancy_majors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "job_vacancy_majors_to_vacancy"();--> statement-breakpoint
-- A major renamed (or its code changed): every vacancy that lists it.
CREATE FUNCTION "majors_to_vacancies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vacancy_majors_refresh(ARRAY(SELECT job_vacancy_id FROM job_vacancy_majors WHERE major_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "majors_to_vacancies" AFTER UPDATE OF "code", "name" ON "majors"
  FOR EACH ROW WHEN (OLD.code IS DISTINCT FROM NEW.code OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "majors_to_vacancies"();--> statement-breakpoint
SELECT vacancy_majors_refresh(ARRAY(SELECT id FROM job_vacancies));
