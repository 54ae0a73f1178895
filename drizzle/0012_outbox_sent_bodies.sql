-- An e-mail's body is kept only while it may be sent (src/jobs/outbox.ts): once sent or superseded, the
-- row keeps who, what subject and when, not the text, which may hold a password link still valid for days
-- (a new account's setup link lasts 7), nor the invitation. Clears what earlier versions kept.
UPDATE "email_outbox" SET "text" = '', "calendar" = NULL
WHERE "sent_at" IS NOT NULL OR "last_error" = 'not sent: a later e-mail of the same test replaced it';
