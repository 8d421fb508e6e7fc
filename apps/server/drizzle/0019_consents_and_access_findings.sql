CREATE TABLE "audit_finding_acks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_finding_acks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"subject_admin_id" integer NOT NULL,
	"note" text NOT NULL,
	"acknowledged_by_admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_finding_acks_period_check" CHECK ("audit_finding_acks"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "audit_finding_acks_note_check" CHECK (btrim("audit_finding_acks"."note") <> ''),
	CONSTRAINT "audit_finding_acks_kind_check" CHECK ("audit_finding_acks"."kind" IN ('volume', 'off_hours', 'vague_export_reason', 'new_ip'))
);
--> statement-breakpoint
CREATE TABLE "app_user_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_user_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_user_id" integer NOT NULL,
	"item" text NOT NULL,
	"text_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawal_channel" text,
	"withdrawal_note" text DEFAULT '' NOT NULL,
	"withdrawn_by_admin_id" integer,
	CONSTRAINT "app_user_consents_item_check" CHECK ("app_user_consents"."item" IN ('terms', 'privacy_collection', 'privacy_third_party', 'marketing_sms', 'marketing_push')),
	CONSTRAINT "app_user_consents_channel_check" CHECK ("app_user_consents"."channel" IN ('app', 'web', 'paper', 'phone')),
	CONSTRAINT "app_user_consents_version_check" CHECK ("app_user_consents"."text_version" ~ '^[0-9]{4}\.[0-9]{2}$'),
	CONSTRAINT "app_user_consents_withdrawal_check" CHECK (("app_user_consents"."withdrawn_at" IS NULL) = ("app_user_consents"."withdrawal_channel" IS NULL)
        AND ("app_user_consents"."withdrawn_at" IS NULL OR "app_user_consents"."withdrawn_at" >= "app_user_consents"."consented_at")
        AND ("app_user_consents"."withdrawal_channel" IS DISTINCT FROM 'phone' OR (btrim("app_user_consents"."withdrawal_note") <> '' AND "app_user_consents"."withdrawn_by_admin_id" IS NOT NULL))),
	CONSTRAINT "app_user_consents_required_check" CHECK ("app_user_consents"."withdrawn_at" IS NULL OR "app_user_consents"."item" NOT IN ('terms', 'privacy_collection'))
);
--> statement-breakpoint
ALTER TABLE "audit_finding_acks" ADD CONSTRAINT "audit_finding_acks_subject_admin_id_admins_id_fk" FOREIGN KEY ("subject_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_finding_acks" ADD CONSTRAINT "audit_finding_acks_acknowledged_by_admin_id_admins_id_fk" FOREIGN KEY ("acknowledged_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_consents" ADD CONSTRAINT "app_user_consents_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_consents" ADD CONSTRAINT "app_user_consents_withdrawn_by_admin_id_admins_id_fk" FOREIGN KEY ("withdrawn_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_finding_acks_key" ON "audit_finding_acks" USING btree ("period","kind","subject_admin_id");--> statement-breakpoint
CREATE INDEX "app_user_consents_user_idx" ON "app_user_consents" USING btree ("app_user_id","item");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_consents_in_force_key" ON "app_user_consents" USING btree ("app_user_id","item") WHERE withdrawn_at IS NULL;--> statement-breakpoint
-- A consent record is evidence: it is never deleted, and the only change is its one withdrawal
-- (docs/privacy-lifecycle.md#consent-records).
CREATE FUNCTION app_user_consents_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'consent record % cannot be deleted', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.withdrawn_at IS NOT NULL
     OR (NEW.id, NEW.app_user_id, NEW.item, NEW.text_version, NEW.consented_at, NEW.channel)
        IS DISTINCT FROM (OLD.id, OLD.app_user_id, OLD.item, OLD.text_version, OLD.consented_at, OLD.channel) THEN
    RAISE EXCEPTION 'consent record % only records its withdrawal, once', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER app_user_consents_only_withdrawn BEFORE UPDATE OR DELETE ON app_user_consents
  FOR EACH ROW EXECUTE FUNCTION app_user_consents_guard();
--> statement-breakpoint
-- Acknowledged findings are part of the review record: append-only like audit_reviews (0005).
CREATE FUNCTION audit_finding_acks_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_finding_acks is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_finding_acks_no_update_delete BEFORE UPDATE OR DELETE ON audit_finding_acks
  FOR EACH ROW EXECUTE FUNCTION audit_finding_acks_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_finding_acks_no_truncate BEFORE TRUNCATE ON audit_finding_acks
  FOR EACH STATEMENT EXECUTE FUNCTION audit_finding_acks_refuse_change();
