-- The job posts' search box finds a post by its title or its employer's name. The name half was a semi-join on
-- employers (`employer_id IN (SELECT id FROM employers WHERE company_name ILIKE …)`), which the planner cannot combine
-- with the title's trigram index: every search counted its matches by reading the whole table (about 300 ms for
-- 300,000 posts, whatever the term). The post keeps a copy of its employer's name, kept by the database as a payout's
-- copy of its employer's branch is (0026, docs/domain-integrity.md#copies-kept-by-the-database), and both halves
-- have a trigram index on this table.
ALTER TABLE "employers" ADD CONSTRAINT "employers_id_company_name_key" UNIQUE("id","company_name");--> statement-breakpoint
ALTER TABLE "job_posts" ADD COLUMN "employer_company_name" text;--> statement-breakpoint
CREATE FUNCTION job_posts_copy_employer_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.company_name INTO NEW.employer_company_name FROM employers e WHERE e.id = NEW.employer_id;
  IF NOT FOUND THEN
    -- What the employer's own key would say, rather than a missing copy.
    RAISE EXCEPTION 'insert or update on table "job_posts" violates foreign key constraint "job_posts_employer_id_employers_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'job_posts_employer_id_employers_id_fk',
        DETAIL = format('Key (employer_id)=(%s) is not present in table "employers".', NEW.employer_id);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_posts_copy_employer_name_on_insert BEFORE INSERT ON job_posts
  FOR EACH ROW WHEN (NEW.employer_company_name IS NULL) EXECUTE FUNCTION job_posts_copy_employer_name();--> statement-breakpoint
CREATE TRIGGER job_posts_copy_employer_name_on_move BEFORE UPDATE OF employer_id ON job_posts
  FOR EACH ROW WHEN (OLD.employer_id IS DISTINCT FROM NEW.employer_id) EXECUTE FUNCTION job_posts_copy_employer_name();--> statement-breakpoint
UPDATE job_posts p SET employer_company_name = e.company_name FROM employers e WHERE e.id = p.employer_id;--> statement-breakpoint
ALTER TABLE "job_posts" ALTER COLUMN "employer_company_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_employer_name_fk" FOREIGN KEY ("employer_id","employer_company_name") REFERENCES "public"."employers"("id","company_name") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
-- Beside the title's (0007); Drizzle's schema cannot declare an operator class.
CREATE INDEX "job_posts_employer_name_trgm_idx" ON "job_posts" USING gin ("employer_company_name" gin_trgm_ops) WHERE deleted_at IS NULL;--> statement-breakpoint
-- Fresh statistics for the new column, as in 0026.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM job_posts) THEN ANALYZE job_posts; END IF; END $$;
