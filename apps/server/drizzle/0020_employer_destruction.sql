ALTER TABLE "employers" ADD COLUMN "destroyed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_destroyed_check" CHECK ("employers"."destroyed_at" IS NULL OR ("employers"."ceo_name" = '파기됨' AND "employers"."phone" = '' AND "employers"."email" = ''
        AND "employers"."manager_name" = '' AND "employers"."manager_phone" = '' AND "employers"."address_detail" = '' AND "employers"."admin_memo" = ''
        AND "employers"."status_reason" IS NULL));--> statement-breakpoint
-- A destroyed employer stays destroyed, like the workers, resumes and app users of 0017.
CREATE TRIGGER employers_destroyed_stays BEFORE UPDATE ON employers
  FOR EACH ROW WHEN (OLD.destroyed_at IS NOT NULL) EXECUTE FUNCTION destroyed_stays_destroyed();
