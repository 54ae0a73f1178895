-- Names people search by are stored with their inner runs of blanks squeezed to one space, as a search is
-- squeezed (`likePattern`, src/http/envelope.ts): a title saved before with two spaces would otherwise be found
-- by no search, typed with one space or two. Learners' names were squeezed on every write already.
UPDATE "job_vacancies" SET "title" = regexp_replace(btrim("title"), '\s+', ' ', 'g')
 WHERE "title" ~ '\s\s|[\t\r\n]' OR "title" <> btrim("title");--> statement-breakpoint
UPDATE "job_vacancies" SET "position" = regexp_replace(btrim("position"), '\s+', ' ', 'g')
 WHERE "position" ~ '\s\s|[\t\r\n]' OR "position" <> btrim("position");--> statement-breakpoint
UPDATE "companies" SET "name" = regexp_replace(btrim("name"), '\s+', ' ', 'g')
 WHERE "name" ~ '\s\s|[\t\r\n]' OR "name" <> btrim("name");--> statement-breakpoint
UPDATE "departments" SET "name" = regexp_replace(btrim("name"), '\s+', ' ', 'g')
 WHERE "name" ~ '\s\s|[\t\r\n]' OR "name" <> btrim("name");--> statement-breakpoint
UPDATE "majors" SET "name" = regexp_replace(btrim("name"), '\s+', ' ', 'g')
 WHERE "name" ~ '\s\s|[\t\r\n]' OR "name" <> btrim("name");--> statement-breakpoint
UPDATE "users" SET "full_name" = regexp_replace(btrim("full_name"), '\s+', ' ', 'g')
 WHERE "full_name" ~ '\s\s|[\t\r\n]' OR "full_name" <> btrim("full_name");--> statement-breakpoint
UPDATE "students" SET "full_name" = regexp_replace(btrim("full_name"), '\s+', ' ', 'g')
 WHERE "full_name" ~ '\s\s|[\t\r\n]' OR "full_name" <> btrim("full_name");
