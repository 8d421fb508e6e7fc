ALTER TABLE "matchings" ADD COLUMN "destroyed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "destroyed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_destroyed_check" CHECK ("matchings"."destroyed_at" IS NULL OR ("matchings"."memo" = '' AND "matchings"."cancel_reason" IS NULL AND "matchings"."override_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_destroyed_check" CHECK ("payouts"."destroyed_at" IS NULL OR ("payouts"."account_no_enc" IS NULL AND "payouts"."account_no_hash" IS NULL
        AND "payouts"."account_no_masked" IS NULL AND "payouts"."account_holder" = '' AND "payouts"."memo" = '' AND "payouts"."status_reason" IS NULL));--> statement-breakpoint
-- Destroyed matchings and payouts stay destroyed, like the records of 0017 and 0020.
CREATE TRIGGER matchings_destroyed_stays BEFORE UPDATE ON matchings
  FOR EACH ROW WHEN (OLD.destroyed_at IS NOT NULL) EXECUTE FUNCTION destroyed_stays_destroyed();
--> statement-breakpoint
CREATE TRIGGER payouts_destroyed_stays BEFORE UPDATE ON payouts
  FOR EACH ROW WHEN (OLD.destroyed_at IS NOT NULL) EXECUTE FUNCTION destroyed_stays_destroyed();
