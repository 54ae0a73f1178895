-- The names and places of tracer answers are stored squeezed, as every other stored name is since 0023 (`squeezed`
-- in src/http/schemas.ts, now used by the tracer study's answerValues): runs of blanks one space, trimmed. The
-- report groups provinces and cities as stored (without case), so "Jawa Barat" saved with a no-break space pasted
-- from a web page, or with two spaces, counted as provinces of their own. Every version is squeezed (the earlier
-- ones are shown in the history and the staff's screens). The class of blanks is what JavaScript's \s matches
-- (PostgreSQL's \s alone leaves the no-break space out), line breaks among them; what was only blanks becomes
-- null (not given), as a save stores it. The function lives for this session only (replaced: 0023 made one in the
-- same session when both run).
CREATE OR REPLACE FUNCTION "pg_temp"."squeezed"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT nullif(regexp_replace(regexp_replace(value, '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), '^ | $', '', 'g'), '')
$$;--> statement-breakpoint
UPDATE "tracer_studies" SET
  "institution_name" = pg_temp.squeezed("institution_name"),
  "job_title" = pg_temp.squeezed("job_title"),
  "sector" = pg_temp.squeezed("sector"),
  "city" = pg_temp.squeezed("city"),
  "province" = pg_temp.squeezed("province")
WHERE "institution_name" IS DISTINCT FROM pg_temp.squeezed("institution_name")
  OR "job_title" IS DISTINCT FROM pg_temp.squeezed("job_title")
  OR "sector" IS DISTINCT FROM pg_temp.squeezed("sector")
  OR "city" IS DISTINCT FROM pg_temp.squeezed("city")
  OR "province" IS DISTINCT FROM pg_temp.squeezed("province");
