-- Names people search by are stored with their runs of blanks squeezed to one space and trimmed, as a search is
-- squeezed (`squeezed` in src/http/schemas.ts, used by `likePattern`): a title saved before with two spaces, or
-- with a no-break space pasted from a web page, would otherwise be found by no search, typed either way. The
-- class below is what JavaScript's \s matches (PostgreSQL's \s alone leaves the no-break space out).
UPDATE "job_vacancies" SET "title" = regexp_replace(regexp_replace("title", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "title" IS DISTINCT FROM regexp_replace(regexp_replace("title", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "job_vacancies" SET "position" = regexp_replace(regexp_replace("position", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "position" IS DISTINCT FROM regexp_replace(regexp_replace("position", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "companies" SET "name" = regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "name" IS DISTINCT FROM regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "company_registrations" SET "name" = regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "name" IS DISTINCT FROM regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "company_registrations" SET "contact_name" = regexp_replace(regexp_replace("contact_name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "contact_name" IS DISTINCT FROM regexp_replace(regexp_replace("contact_name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "departments" SET "name" = regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "name" IS DISTINCT FROM regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "majors" SET "name" = regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "name" IS DISTINCT FROM regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "users" SET "full_name" = regexp_replace(regexp_replace("full_name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "full_name" IS DISTINCT FROM regexp_replace(regexp_replace("full_name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "students" SET "full_name" = regexp_replace(regexp_replace("full_name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "full_name" IS DISTINCT FROM regexp_replace(regexp_replace("full_name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "test_schedules" SET "name" = regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "name" IS DISTINCT FROM regexp_replace(regexp_replace("name", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');--> statement-breakpoint
UPDATE "test_schedules" SET "location" = regexp_replace(regexp_replace("location", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g')
 WHERE "location" IS DISTINCT FROM regexp_replace(regexp_replace("location", '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g');
