CREATE TABLE "audit_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period" text NOT NULL,
	"reviewer_admin_id" integer NOT NULL,
	"reviewed_at" date NOT NULL,
	"findings" text NOT NULL,
	"actions_taken" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_reviews_period_check" CHECK ("audit_reviews"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "audit_reviews" ADD CONSTRAINT "audit_reviews_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_reviews_period_idx" ON "audit_reviews" USING btree ("period" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The monthly review records (월간 접속기록 점검) are append-only like the access log itself (see 0001).
CREATE FUNCTION audit_reviews_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_reviews is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_reviews_no_update_delete BEFORE UPDATE OR DELETE ON audit_reviews
  FOR EACH ROW EXECUTE FUNCTION audit_reviews_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_reviews_no_truncate BEFORE TRUNCATE ON audit_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION audit_reviews_refuse_change();
