-- An outbox e-mail knows the account it is written to, so that a change of that account's address (or its
-- deletion) gives up what is still owed to it, and only that: matched by address, it also gave up a company
-- sign-up's e-mails to a contact who had an account at that address. The unsent rows of older releases are
-- given the account at their address.
ALTER TABLE "email_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
CREATE INDEX "email_outbox_unsent_user_idx" ON "email_outbox" USING btree ("user_id") WHERE "email_outbox"."sent_at" is null;--> statement-breakpoint
UPDATE "email_outbox" o SET "user_id" = u."id"
FROM "users" u
WHERE o."sent_at" IS NULL AND lower(o."to") = lower(u."email");
