-- Issue 9 item 5: the audit trail and the security log are append-only for the
-- application. UPDATE, DELETE and TRUNCATE are refused whoever asks; only a
-- database owner who drops the trigger on purpose can change history.
CREATE OR REPLACE FUNCTION amparo_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER security_events_append_only BEFORE UPDATE OR DELETE ON "security_events" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER security_events_no_truncate BEFORE TRUNCATE ON "security_events" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();
