-- Deleting an account kept its audit rows but emptied their actor (ON DELETE SET NULL): "who changed what"
-- lost the who. The actor is now a plain id; the delete's own audit row records the account's e-mail and role.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_id_fk";
