-- An HR account that leaves its company now loses its notices about that company's vacancies and applicants
-- (src/modules/notifications/service.ts `forgetCompanyNotices`). Accounts moved, unlinked or no longer HR
-- before this release still held them, naming the former company's applicants: they go the same way.
DELETE FROM "notifications" n
USING "users" u
WHERE n."user_id" = u."id"
  AND n."kind" IN ('application.received', 'vacancy.approved', 'vacancy.rejected')
  AND NOT EXISTS (
    SELECT 1 FROM "job_vacancies" v
    WHERE v."id" = coalesce(
        (n."data" ->> 'jobVacancyId')::int,
        (SELECT a."job_vacancy_id" FROM "applications" a WHERE a."id" = (n."data" ->> 'applicationId')::int)
      )
      AND v."company_id" = u."company_id" AND u."role" = 'hrd'
  );
