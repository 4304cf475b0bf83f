-- Issue 10 item 9: each server instance keeps signed-in sessions in memory for
-- a few seconds (modules/auth/session-cache.ts). Whatever changes what a cached
-- session may do announces it on the channel `amparo_sessions`, from the
-- database itself, so no code path (nor an administrator's SQL) can forget to:
-- a session revoked or expired, a user deactivated or given another role or
-- keys, a role's keys changed or the role deleted. NOTIFY is transactional:
-- every instance hears it when, and only when, the change commits.
CREATE OR REPLACE FUNCTION amparo_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('amparo_sessions', json_build_object(TG_ARGV[0], OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION amparo_notify_session_change('session');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION amparo_notify_session_change('session');
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.role_id IS DISTINCT FROM NEW.role_id
    OR OLD.extra_permissions IS DISTINCT FROM NEW.extra_permissions)
  EXECUTE FUNCTION amparo_notify_session_change('user');
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION amparo_notify_session_change('user');
--> statement-breakpoint
CREATE TRIGGER roles_notify_change AFTER UPDATE ON "roles" FOR EACH ROW
  WHEN (OLD.permissions IS DISTINCT FROM NEW.permissions)
  EXECUTE FUNCTION amparo_notify_session_change('role');
--> statement-breakpoint
CREATE TRIGGER roles_notify_delete AFTER DELETE ON "roles" FOR EACH ROW EXECUTE FUNCTION amparo_notify_session_change('role');
