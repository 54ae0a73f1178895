ALTER TABLE "placements" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "placements" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "placements" ALTER COLUMN "job_vacancy_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "source" text DEFAULT 'bursa' NOT NULL;--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "recorded_by" integer;--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracer_studies" ADD COLUMN "entered_by" integer;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracer_studies" ADD CONSTRAINT "tracer_studies_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every existing placement was opened by publishing an application: the column default (source 'bursa')
-- is its value, and each has its application, vacancy and company, as the checks below require.
ALTER TABLE "placements" ADD CONSTRAINT "placements_source_check" CHECK (("placements"."source" = 'bursa' and "placements"."application_id" is not null and "placements"."job_vacancy_id" is not null and "placements"."company_id" is not null) or ("placements"."source" = 'outside' and "placements"."application_id" is null and "placements"."job_vacancy_id" is null));--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_company_check" CHECK (num_nonnulls("placements"."company_id", "placements"."company_name") = 1);
