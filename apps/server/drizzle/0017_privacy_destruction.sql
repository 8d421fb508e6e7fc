CREATE TABLE "destructions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "destructions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"destroyed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"count" integer NOT NULL,
	"months" integer NOT NULL,
	"basis" text NOT NULL,
	"trigger" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"approved_by_admin_id" integer,
	"target_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_users" ADD COLUMN "destroyed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resumes" ADD COLUMN "destroyed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "destroyed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "destructions" ADD CONSTRAINT "destructions_approved_by_admin_id_admins_id_fk" FOREIGN KEY ("approved_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "destructions_destroyed_idx" ON "destructions" USING btree ("destroyed_at","id");--> statement-breakpoint
CREATE INDEX "destructions_kind_idx" ON "destructions" USING btree ("kind","destroyed_at");--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_destroyed_check" CHECK ("app_users"."destroyed_at" IS NULL OR ("app_users"."name" = '파기됨' AND "app_users"."email" = '' AND "app_users"."phone" = ''
        AND "app_users"."login_id" = 'destroyed-' || "app_users"."id" AND "app_users"."status_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_destroyed_check" CHECK ("resumes"."destroyed_at" IS NULL OR ("resumes"."work_experience" = '[]'::jsonb AND "resumes"."education_history" = '[]'::jsonb
        AND "resumes"."language_skills" = '[]'::jsonb AND "resumes"."certifications" = '[]'::jsonb AND "resumes"."skills" = '{}'
        AND "resumes"."references" = '[]'::jsonb AND "resumes"."status_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_destroyed_check" CHECK ("workers"."destroyed_at" IS NULL OR ("workers"."name_ko" = '파기됨' AND "workers"."first_name" = '' AND "workers"."last_name" = ''
        AND "workers"."phone_number" = '' AND "workers"."email_address" = '' AND "workers"."alien_reg_no_enc" IS NULL
        AND "workers"."alien_reg_no_hash" IS NULL AND "workers"."alien_reg_no_masked" IS NULL AND "workers"."passport_no_enc" IS NULL
        AND "workers"."passport_no_hash" IS NULL AND "workers"."passport_no_masked" IS NULL AND "workers"."passport_expiry_date" IS NULL
        AND "workers"."street_address" = '' AND "workers"."city" = '' AND "workers"."state_province" = '' AND "workers"."postal_code" = ''
        AND "workers"."admin_memo" = '' AND "workers"."status_reason" IS NULL
        AND extract(month FROM "workers"."date_of_birth") = 1 AND extract(day FROM "workers"."date_of_birth") = 1));--> statement-breakpoint
CREATE FUNCTION destructions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'destructions is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER destructions_no_update_delete BEFORE UPDATE OR DELETE ON destructions
  FOR EACH ROW EXECUTE FUNCTION destructions_refuse_change();
--> statement-breakpoint
CREATE TRIGGER destructions_no_truncate BEFORE TRUNCATE ON destructions
  FOR EACH STATEMENT EXECUTE FUNCTION destructions_refuse_change();
--> statement-breakpoint
-- A destruction is for good: no write brings a destroyed record back, un-deleted or un-destroyed
-- (docs/privacy-lifecycle.md#the-rule).
CREATE FUNCTION destroyed_stays_destroyed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.destroyed_at IS NOT NULL AND (NEW.destroyed_at IS NULL
      OR (TG_TABLE_NAME <> 'app_users' AND (to_jsonb(OLD) ->> 'deleted_at') IS NOT NULL
          AND (to_jsonb(NEW) ->> 'deleted_at') IS NULL)) THEN
    RAISE EXCEPTION '% %: personal data destroyed', TG_TABLE_NAME, OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER workers_destroyed_stays BEFORE UPDATE ON workers
  FOR EACH ROW WHEN (OLD.destroyed_at IS NOT NULL) EXECUTE FUNCTION destroyed_stays_destroyed();
--> statement-breakpoint
CREATE TRIGGER resumes_destroyed_stays BEFORE UPDATE ON resumes
  FOR EACH ROW WHEN (OLD.destroyed_at IS NOT NULL) EXECUTE FUNCTION destroyed_stays_destroyed();
--> statement-breakpoint
CREATE TRIGGER app_users_destroyed_stays BEFORE UPDATE ON app_users
  FOR EACH ROW WHEN (OLD.destroyed_at IS NOT NULL) EXECUTE FUNCTION destroyed_stays_destroyed();
