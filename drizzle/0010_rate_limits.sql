-- The rate limits' counters when RATE_LIMIT_STORE=database (src/http/rate-limit.ts), shared by every
-- instance. UNLOGGED by hand (drizzle-kit does not know it): a counter needs no WAL and no fsync, and after a
-- crash of the database the table starts empty, as an instance's memory does after a restart.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
