CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"totals" jsonb NOT NULL,
	"report" jsonb NOT NULL,
	"credentials_count" integer DEFAULT 0 NOT NULL,
	"credentials" text,
	"credentials_expires_at" timestamp with time zone,
	"credentials_downloaded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_created_idx" ON "import_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "import_runs_credentials_expiry_idx" ON "import_runs" USING btree ("credentials_expires_at") WHERE "import_runs"."credentials" is not null;--> statement-breakpoint
-- Hand-written backfill: NISN becomes unique (the roster import upserts by it). Blank NISNs become
-- null; of learners sharing one NISN the oldest record keeps it and the others lose it, each with an
-- audit row saying which NISN was taken off (so the career center can correct it by hand).
UPDATE "students" SET "nisn" = NULLIF(btrim("nisn"), '') WHERE "nisn" IS NOT NULL AND "nisn" <> btrim("nisn") OR "nisn" = '';--> statement-breakpoint
WITH "dup" AS (
  SELECT "id", "nisn" FROM (
    SELECT "id", "nisn", row_number() OVER (PARTITION BY "nisn" ORDER BY "id") AS "n"
    FROM "students" WHERE "nisn" IS NOT NULL
  ) AS "ranked" WHERE "n" > 1
), "cleared" AS (
  UPDATE "students" AS "s" SET "nisn" = NULL, "updated_at" = now() FROM "dup" WHERE "s"."id" = "dup"."id"
  RETURNING "s"."id", "dup"."nisn"
)
INSERT INTO "audit_log" ("actor_id", "action", "entity", "entity_id", "data")
SELECT NULL, 'clear_duplicate_nisn', 'student', "id", json_build_object('nisn', "nisn")::text FROM "cleared";--> statement-breakpoint
CREATE UNIQUE INDEX "students_nisn_key" ON "students" USING btree ("nisn");
