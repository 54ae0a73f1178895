-- A decision letter's SHA-256 (hex), written when it is saved: a score save retried after its answer was lost,
-- carrying the same letter, is told from a new letter without reading the stored bytes (docs/decisions.md,
-- "A retry is no change before it is a conflict"). Older rows keep null (their retry stays a change). May run
-- again on a database that has it (IF NOT EXISTS), as the upgrade tests run the migrations after an earlier one.
ALTER TABLE "files" ADD COLUMN IF NOT EXISTS "sha256" text;
