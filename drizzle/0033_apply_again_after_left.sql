-- An application the school withdrew (the learner recorded as having left school, "Keluar/Mutasi") no longer bars
-- a new application to the same vacancy: a learner put back after a mistake applies again
-- (src/modules/master-data/learners.service.ts, recordLeft; docs/decisions.md, "Keluar/Mutasi"). Those withdrawn
-- so before are told by their timeline row's note. Every statement may run again on a database that has it
-- (IF NOT EXISTS, the backfill sets only rows still false, the index dropped and made again), as the upgrade tests
-- run the migrations after an earlier one.
ALTER TABLE "applications" ADD COLUMN IF NOT EXISTS "withdrawn_by_school" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "applications" a SET "withdrawn_by_school" = true
 WHERE a."status" = 'withdrawn' AND NOT a."withdrawn_by_school"
   AND EXISTS (SELECT 1 FROM "application_events" e WHERE e."application_id" = a."id" AND e."stage" = 'withdrawn'
                 AND e."notes" = 'Ditutup BKK: siswa keluar/mutasi dari sekolah.');--> statement-breakpoint
DROP INDEX IF EXISTS "applications_vacancy_student_key";--> statement-breakpoint
CREATE UNIQUE INDEX "applications_vacancy_student_key" ON "applications" USING btree ("job_vacancy_id","student_id") WHERE not "applications"."withdrawn_by_school";
