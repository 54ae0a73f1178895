ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
