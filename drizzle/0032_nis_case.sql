-- A school's NIS is one identity whatever its case ("2223/tkj/045" is "2223/TKJ/045"): the service now stores it in
-- capitals on every write and compares it without case (src/modules/master-data/learners.service.ts, the roster
-- import), so the exact unique index keeps each NIS once. An NIS stored before in small letters is put in capitals
-- here when no other learner holds it in another case. Two learners whose NIS differ only in case (possible before)
-- are left as they are, so this never fails on such a database, nor a restore of its backup; staff find and merge
-- them (docs/operations.md, "NIS that differ only in case"). No unique index over upper(nis): it could not be made
-- while such pairs exist, and a backup of such a database would no longer restore. May run again.
UPDATE "students" AS s SET "nis" = upper(s."nis")
  FROM (SELECT upper("nis") AS "key" FROM "students" GROUP BY upper("nis") HAVING count(*) = 1) AS lone
  WHERE upper(s."nis") = lone."key" AND s."nis" <> upper(s."nis");
