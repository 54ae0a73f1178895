ALTER TABLE "companies" ADD COLUMN "vacancies_need_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "company_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"name" text NOT NULL,
	"industry" text,
	"email" text,
	"phone" text,
	"address" text,
	"city" text,
	"province" text,
	"website" text,
	"description" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"company_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_registrations" ADD CONSTRAINT "company_registrations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registrations" ADD CONSTRAINT "company_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_registrations" ADD CONSTRAINT "company_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_registrations_status_idx" ON "company_registrations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "company_registrations_token_idx" ON "company_registrations" USING btree ("confirm_token_hash");
