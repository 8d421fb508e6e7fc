-- A payout's branch is its employer's. The payouts list filters and scopes by branch; as a semi-join on employers,
-- a branch's first page walked every payout newest first and probed its employer (about 1,600 rows and 40 ms for 20
-- at scale 1000), and its count and sums read every payout of the branch's employers. The payout keeps a copy of
-- the branch (docs/domain-integrity.md#copies-kept-by-the-database):
-- * the foreign key on (employer_id, employer_branch_id) refuses a copy that differs from the employer's branch, and
--   carries an employer's move to another branch to its payouts (ON UPDATE CASCADE);
-- * the triggers fill the copy when a payout is inserted without it or moved to another employer, so no writer
--   needs to know of it.
ALTER TABLE "employers" ADD CONSTRAINT "employers_id_branch_key" UNIQUE("id","branch_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "employer_branch_id" integer;--> statement-breakpoint
CREATE FUNCTION payouts_copy_employer_branch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.branch_id INTO NEW.employer_branch_id FROM employers e WHERE e.id = NEW.employer_id;
  IF NOT FOUND THEN
    -- What the employer's own key would say, rather than a missing copy.
    RAISE EXCEPTION 'insert or update on table "payouts" violates foreign key constraint "payouts_employer_id_employers_id_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'payouts_employer_id_employers_id_fk',
        DETAIL = format('Key (employer_id)=(%s) is not present in table "employers".', NEW.employer_id);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER payouts_copy_employer_branch_on_insert BEFORE INSERT ON payouts
  FOR EACH ROW WHEN (NEW.employer_branch_id IS NULL) EXECUTE FUNCTION payouts_copy_employer_branch();--> statement-breakpoint
CREATE TRIGGER payouts_copy_employer_branch_on_move BEFORE UPDATE OF employer_id ON payouts
  FOR EACH ROW WHEN (OLD.employer_id IS DISTINCT FROM NEW.employer_id) EXECUTE FUNCTION payouts_copy_employer_branch();--> statement-breakpoint
UPDATE payouts p SET employer_branch_id = e.branch_id FROM employers e WHERE e.id = p.employer_id;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "employer_branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_employer_branch_fk" FOREIGN KEY ("employer_id","employer_branch_id") REFERENCES "public"."employers"("id","branch_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
-- The branch's page, count and sums from one index; INCLUDE as in 0025 (docs/ARCHITECTURE.md#payout-sums-from-the-index).
CREATE INDEX "payouts_branch_created_idx" ON "payouts" USING btree ("employer_branch_id","created_at","id") INCLUDE ("status","amount","vat");--> statement-breakpoint
-- Fresh statistics for the new column (autovacuum cleans up the rewritten rows later). Not on an empty table: there
-- statistics of no rows would tell the planner that every plan costs the same, and it would stay so until
-- autovacuum looks again.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM payouts) THEN ANALYZE payouts; END IF; END $$;
