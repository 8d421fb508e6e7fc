-- A destruction finds a person's staged import rows by their key, in any batch
-- (docs/privacy-lifecycle.md#staged-imports).
CREATE INDEX "import_rows_row_keys_idx" ON "import_rows" USING gin ("row_keys");
--> statement-breakpoint
-- A worker under a running contract is never destroyed, and a destroyed worker is never contracted or put to work
-- (docs/privacy-lifecycle.md#clocks). Each side locks the other's row, so two transactions at once cannot both pass.
CREATE FUNCTION workers_destroy_not_engaged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM matchings m WHERE m.worker_id = NEW.id AND m.status IN ('contracted', 'working')) THEN
    RAISE EXCEPTION 'workers %: a contract is running; its worker cannot be destroyed', NEW.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER workers_destroy_not_engaged BEFORE UPDATE OF destroyed_at ON workers
  FOR EACH ROW WHEN (OLD.destroyed_at IS NULL AND NEW.destroyed_at IS NOT NULL)
  EXECUTE FUNCTION workers_destroy_not_engaged();
--> statement-breakpoint
CREATE FUNCTION matchings_worker_not_destroyed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone boolean;
BEGIN
  SELECT destroyed_at IS NOT NULL INTO gone FROM workers WHERE id = NEW.worker_id FOR SHARE;
  IF gone THEN
    RAISE EXCEPTION 'matchings %: worker %: personal data destroyed', NEW.id, NEW.worker_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER matchings_worker_not_destroyed BEFORE INSERT OR UPDATE OF status, worker_id ON matchings
  FOR EACH ROW WHEN (NEW.status IN ('contracted', 'working'))
  EXECUTE FUNCTION matchings_worker_not_destroyed();
