-- Live updates: the database itself tells every instance when a stream must end, whatever code path
-- caused it (better-auth's sign-out, password change or reset, our role change, account deletion, the admin setup):
-- a NOTIFY on channel live_session, delivered at commit to each instance's LISTEN connection (modules/live).
-- {"s": session id, "u": user id}: that session ended; {"u": user id}: every stream of that user ends (their clients
-- reconnect, and are let in again only if their session still holds).
CREATE OR REPLACE FUNCTION live_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live_session', json_build_object('s', OLD.id, 'u', OLD.user_id)::text);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER live_session_ended AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION live_session_ended();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live_session', json_build_object('u', NEW.id)::text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER live_user_changed AFTER UPDATE OF role, deleted_at ON "user" FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION live_user_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_password_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live_session', json_build_object('u', NEW.user_id)::text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER live_password_changed AFTER UPDATE OF password ON "account" FOR EACH ROW
  WHEN (OLD.password IS DISTINCT FROM NEW.password)
  EXECUTE FUNCTION live_password_changed();
