-- Every API process keeps the sessions it has checked for a few seconds (docs/sessions-and-logs.md#the-session-check).
-- A change that can end a session or alter what its admin may do is announced on the channel `ilson_auth` once it
-- commits, so each process forgets its copy at once: `s:<session id>` for a session revoked, re-timed or deleted,
-- `a:<admin id>` for any change to an admin, `*` for a truncated table. Inserts need no notice: nothing holds them.
-- One function for every trigger: its argument is the payload's prefix (`s` or `a`); a TRUNCATE has no row.
CREATE FUNCTION auth_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('ilson_auth', '*');
  ELSE
    PERFORM pg_notify('ilson_auth', TG_ARGV[0] || ':' || OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_change AFTER UPDATE OF revoked_at, expires_at, admin_id OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION auth_notify_change('s');
--> statement-breakpoint
CREATE TRIGGER admins_notify_change AFTER UPDATE OR DELETE ON admins
  FOR EACH ROW EXECUTE FUNCTION auth_notify_change('a');
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_truncate AFTER TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_notify_change();
--> statement-breakpoint
CREATE TRIGGER admins_notify_truncate AFTER TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION auth_notify_change();
