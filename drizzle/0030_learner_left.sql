-- A grade-12 student who left school without graduating (dropped out: 'keluar', moved to another school: 'mutasi'),
-- on a day of the school's calendar, with staff's note (src/modules/master-data/learners.service.ts, recordLeft).
-- The record stays for the history of their applications; the lists, pickers, graduation and the reports' cohorts
-- leave it out. Every statement may run again on a database that has it (IF NOT EXISTS, the check dropped and
-- added again), as the upgrade tests run the migrations after an earlier one.
ALTER TABLE "students" ADD COLUMN IF NOT EXISTS "left_on" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN IF NOT EXISTS "left_reason" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN IF NOT EXISTS "left_note" text;--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT IF EXISTS "students_left_check";--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_left_check" CHECK (("students"."left_on" is null) = ("students"."left_reason" is null) and "students"."left_reason" in ('keluar', 'mutasi') and ("students"."left_note" is null or "students"."left_on" is not null));
