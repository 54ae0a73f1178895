-- Names people search by are stored with their runs of blanks squeezed to one space and trimmed, as a search is
-- squeezed (`squeezed` in src/http/schemas.ts, used by `likePattern`): a title saved before with two spaces, or
-- with a no-break space pasted from a web page, would otherwise be found by no search, typed either way. The
-- class of blanks is what JavaScript's \s matches (PostgreSQL's \s alone leaves the no-break space out). The
-- function lives for this migration only.
CREATE FUNCTION "pg_temp"."squeezed"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(regexp_replace(value, '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
$$;--> statement-breakpoint
UPDATE "job_vacancies" SET "title" = pg_temp.squeezed("title") WHERE "title" IS DISTINCT FROM pg_temp.squeezed("title");--> statement-breakpoint
UPDATE "job_vacancies" SET "position" = pg_temp.squeezed("position") WHERE "position" IS DISTINCT FROM pg_temp.squeezed("position");--> statement-breakpoint
UPDATE "companies" SET "name" = pg_temp.squeezed("name") WHERE "name" IS DISTINCT FROM pg_temp.squeezed("name");--> statement-breakpoint
UPDATE "company_registrations" SET "name" = pg_temp.squeezed("name") WHERE "name" IS DISTINCT FROM pg_temp.squeezed("name");--> statement-breakpoint
UPDATE "company_registrations" SET "contact_name" = pg_temp.squeezed("contact_name") WHERE "contact_name" IS DISTINCT FROM pg_temp.squeezed("contact_name");--> statement-breakpoint
UPDATE "departments" SET "name" = pg_temp.squeezed("name") WHERE "name" IS DISTINCT FROM pg_temp.squeezed("name");--> statement-breakpoint
UPDATE "majors" SET "name" = pg_temp.squeezed("name") WHERE "name" IS DISTINCT FROM pg_temp.squeezed("name");--> statement-breakpoint
UPDATE "users" SET "full_name" = pg_temp.squeezed("full_name") WHERE "full_name" IS DISTINCT FROM pg_temp.squeezed("full_name");--> statement-breakpoint
UPDATE "students" SET "full_name" = pg_temp.squeezed("full_name") WHERE "full_name" IS DISTINCT FROM pg_temp.squeezed("full_name");--> statement-breakpoint
UPDATE "test_schedules" SET "name" = pg_temp.squeezed("name") WHERE "name" IS DISTINCT FROM pg_temp.squeezed("name");--> statement-breakpoint
UPDATE "test_schedules" SET "location" = pg_temp.squeezed("location") WHERE "location" IS DISTINCT FROM pg_temp.squeezed("location");
