CREATE TABLE "storage_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storage_deletions_due_idx" ON "storage_deletions" USING btree ("due_at");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not know triggers). A file's row deleted, by any statement (a learner's
-- delete of a portfolio file, a replaced decision letter, a learner erased and the cascade to their files),
-- leaves its key owed a removal in the same transaction: the service removes the bytes after the commit, and
-- the sweep (src/modules/files/service.ts) tries again until the storage confirms.
CREATE FUNCTION "files_to_storage_deletions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_deletions (storage_key) SELECT storage_key FROM old_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "files_deleted" AFTER DELETE ON "files"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION files_to_storage_deletions();
