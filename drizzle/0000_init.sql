CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text DEFAULT 'login' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"data" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"company_id" integer,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"industry" text,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"province" text,
	"website" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "majors" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "majors_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"nis" text NOT NULL,
	"nisn" text,
	"full_name" text NOT NULL,
	"major_id" integer NOT NULL,
	"class_name" text,
	"graduation_year" smallint,
	"gender" text,
	"birth_place" text,
	"birth_date" date,
	"religion" text,
	"address" text,
	"city" text,
	"province" text,
	"phone" text,
	"email" text,
	"summary" text,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"stage" text NOT NULL,
	"status" text NOT NULL,
	"notes" text,
	"actor_id" integer,
	"actor_name" text,
	"visible_to_applicant" boolean DEFAULT true NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_files" (
	"application_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "application_files_application_id_file_id_pk" PRIMARY KEY("application_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_vacancy_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"applicant_role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cover_letter" text,
	"review_decision" text,
	"review_notes" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer,
	"uploaded_by" integer,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "job_vacancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"position" text NOT NULL,
	"description" text NOT NULL,
	"qualifications" text NOT NULL,
	"benefits" text,
	"category" text NOT NULL,
	"job_type" text NOT NULL,
	"work_location" text,
	"city" text,
	"province" text,
	"min_salary" bigint,
	"max_salary" bigint,
	"quota" integer NOT NULL,
	"deadline" date NOT NULL,
	"target" text DEFAULT 'all' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_vacancy_majors" (
	"job_vacancy_id" integer NOT NULL,
	"major_id" integer NOT NULL,
	CONSTRAINT "job_vacancy_majors_job_vacancy_id_major_id_pk" PRIMARY KEY("job_vacancy_id","major_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement_id" integer NOT NULL,
	"month_mark" smallint NOT NULL,
	"status" text NOT NULL,
	"notes" text,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"job_vacancy_id" integer NOT NULL,
	"position" text NOT NULL,
	"accepted_at" date NOT NULL,
	"start_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placements_applicationId_unique" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"reminder_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"user_id" integer,
	"email" text,
	"notified_at" timestamp with time zone,
	"email_sent_at" timestamp with time zone,
	"email_claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_schedule_id" integer NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_results" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"psychotest_score" numeric(5, 2),
	"interview_score" numeric(5, 2),
	"mcu_score" numeric(5, 2),
	"final_score" numeric(5, 2),
	"notes" text,
	"decision" text DEFAULT 'pending' NOT NULL,
	"letter_file_id" integer,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"scored_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_schedule_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"attendance_status" text,
	"attendance_notes" text,
	"marked_by" integer,
	"marked_at" timestamp with time zone,
	"validation_status" text DEFAULT 'pending' NOT NULL,
	"validation_notes" text,
	"validated_by" integer,
	"validated_at" timestamp with time zone,
	"score" numeric(5, 2),
	"last_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_vacancy_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer,
	"location" text NOT NULL,
	"description" text,
	"minimum_score" numeric(5, 2),
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracer_studies" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"version" integer NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"career_status" text NOT NULL,
	"institution_name" text,
	"job_title" text,
	"sector" text,
	"city" text,
	"province" text,
	"starting_salary" bigint,
	"waiting_period_months" integer,
	"job_fit" text,
	"start_date" date,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "majors" ADD CONSTRAINT "majors_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_major_id_majors_id_fk" FOREIGN KEY ("major_id") REFERENCES "public"."majors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_vacancy_id_job_vacancies_id_fk" FOREIGN KEY ("job_vacancy_id") REFERENCES "public"."job_vacancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vacancies" ADD CONSTRAINT "job_vacancies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vacancies" ADD CONSTRAINT "job_vacancies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vacancy_majors" ADD CONSTRAINT "job_vacancy_majors_job_vacancy_id_job_vacancies_id_fk" FOREIGN KEY ("job_vacancy_id") REFERENCES "public"."job_vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_vacancy_majors" ADD CONSTRAINT "job_vacancy_majors_major_id_majors_id_fk" FOREIGN KEY ("major_id") REFERENCES "public"."majors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_checkins" ADD CONSTRAINT "placement_checkins_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_checkins" ADD CONSTRAINT "placement_checkins_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_job_vacancy_id_job_vacancies_id_fk" FOREIGN KEY ("job_vacancy_id") REFERENCES "public"."job_vacancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_participant_id_test_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."test_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_test_schedule_id_test_schedules_id_fk" FOREIGN KEY ("test_schedule_id") REFERENCES "public"."test_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_results" ADD CONSTRAINT "selection_results_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_results" ADD CONSTRAINT "selection_results_letter_file_id_files_id_fk" FOREIGN KEY ("letter_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_results" ADD CONSTRAINT "selection_results_scored_by_users_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_participants" ADD CONSTRAINT "test_participants_test_schedule_id_test_schedules_id_fk" FOREIGN KEY ("test_schedule_id") REFERENCES "public"."test_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_participants" ADD CONSTRAINT "test_participants_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_participants" ADD CONSTRAINT "test_participants_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_participants" ADD CONSTRAINT "test_participants_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_schedules" ADD CONSTRAINT "test_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_schedules" ADD CONSTRAINT "test_schedules_job_vacancy_id_job_vacancies_id_fk" FOREIGN KEY ("job_vacancy_id") REFERENCES "public"."job_vacancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_schedules" ADD CONSTRAINT "test_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracer_studies" ADD CONSTRAINT "tracer_studies_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "majors_department_idx" ON "majors" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_nis_key" ON "students" USING btree ("nis");--> statement-breakpoint
CREATE INDEX "students_major_idx" ON "students" USING btree ("major_id");--> statement-breakpoint
CREATE INDEX "students_graduation_year_idx" ON "students" USING btree ("graduation_year");--> statement-breakpoint
CREATE INDEX "students_full_name_idx" ON "students" USING btree (lower("full_name"));--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "application_files_file_idx" ON "application_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_vacancy_student_key" ON "applications" USING btree ("job_vacancy_id","student_id");--> statement-breakpoint
CREATE INDEX "applications_vacancy_status_idx" ON "applications" USING btree ("job_vacancy_id","status","review_decision");--> statement-breakpoint
CREATE INDEX "applications_student_idx" ON "applications" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at","job_vacancy_id","status","review_decision","student_id");--> statement-breakpoint
CREATE INDEX "files_student_idx" ON "files" USING btree ("student_id","category");--> statement-breakpoint
CREATE INDEX "job_vacancies_company_idx" ON "job_vacancies" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "job_vacancies_open_idx" ON "job_vacancies" USING btree ("deadline") WHERE "job_vacancies"."is_active" and "job_vacancies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "job_vacancy_majors_major_idx" ON "job_vacancy_majors" USING btree ("major_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "placement_checkins_mark_key" ON "placement_checkins" USING btree ("placement_id","month_mark");--> statement-breakpoint
CREATE INDEX "placements_company_idx" ON "placements" USING btree ("company_id","accepted_at");--> statement-breakpoint
CREATE INDEX "placements_student_idx" ON "placements" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "placements_accepted_idx" ON "placements" USING btree ("accepted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_reminder_participant_key" ON "reminder_deliveries" USING btree ("reminder_id","participant_id");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_pending_idx" ON "reminder_deliveries" USING btree ("created_at") WHERE "reminder_deliveries"."notified_at" is null or "reminder_deliveries"."email_sent_at" is null;--> statement-breakpoint
CREATE INDEX "selection_results_published_idx" ON "selection_results" USING btree ("is_published");--> statement-breakpoint
CREATE UNIQUE INDEX "test_participants_schedule_application_key" ON "test_participants" USING btree ("test_schedule_id","application_id");--> statement-breakpoint
CREATE INDEX "test_participants_application_idx" ON "test_participants" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "test_participants_validation_idx" ON "test_participants" USING btree ("validation_status","created_at");--> statement-breakpoint
CREATE INDEX "test_schedules_company_idx" ON "test_schedules" USING btree ("company_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "test_schedules_vacancy_idx" ON "test_schedules" USING btree ("job_vacancy_id");--> statement-breakpoint
CREATE INDEX "test_schedules_scheduled_idx" ON "test_schedules" USING btree ("scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracer_studies_current_key" ON "tracer_studies" USING btree ("student_id") WHERE "tracer_studies"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "tracer_studies_version_key" ON "tracer_studies" USING btree ("student_id","version");