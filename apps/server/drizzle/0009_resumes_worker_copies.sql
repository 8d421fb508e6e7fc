-- A resume's branch is its worker's branch. The lists filter and scope resumes by branch and by nationality; as a
-- join, every such page probed workers row by row (0.5 s for one branch of a million workers). The resume keeps a
-- copy of both, maintained here by triggers only, so one index on resumes answers those pages.
ALTER TABLE "resumes" ADD COLUMN "worker_branch_id" integer;--> statement-breakpoint
ALTER TABLE "resumes" ADD COLUMN "worker_nationality" text;--> statement-breakpoint
CREATE FUNCTION resumes_copy_worker() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT w.branch_id, w.nationality INTO NEW.worker_branch_id, NEW.worker_nationality
    FROM workers w WHERE w.id = NEW.worker_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER resumes_copy_worker BEFORE INSERT OR UPDATE OF worker_id, worker_branch_id, worker_nationality
  ON resumes FOR EACH ROW EXECUTE FUNCTION resumes_copy_worker();--> statement-breakpoint
CREATE FUNCTION workers_copy_to_resumes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE resumes SET worker_branch_id = NEW.branch_id, worker_nationality = NEW.nationality
    WHERE worker_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER workers_copy_to_resumes AFTER UPDATE OF branch_id, nationality ON workers FOR EACH ROW
  WHEN (OLD.branch_id IS DISTINCT FROM NEW.branch_id OR OLD.nationality IS DISTINCT FROM NEW.nationality)
  EXECUTE FUNCTION workers_copy_to_resumes();--> statement-breakpoint
UPDATE resumes r SET worker_branch_id = w.branch_id, worker_nationality = w.nationality
  FROM workers w WHERE w.id = r.worker_id;--> statement-breakpoint
CREATE INDEX "resumes_branch_updated_idx" ON "resumes" USING btree ("worker_branch_id","updated_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "resumes_nationality_updated_idx" ON "resumes" USING btree ("worker_nationality","updated_at","id") WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Fresh statistics for the new columns (autovacuum cleans up the rewritten rows later).
ANALYZE "resumes";
