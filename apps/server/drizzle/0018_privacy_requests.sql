CREATE TABLE "privacy_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"received_at" date NOT NULL,
	"due_date" date NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"assignee_admin_id" integer,
	"created_by_admin_id" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "privacy_requests_due_check" CHECK ("privacy_requests"."due_date" = "privacy_requests"."received_at" + 10),
	CONSTRAINT "privacy_requests_closed_check" CHECK ("privacy_requests"."status" NOT IN ('completed', 'rejected') OR ("privacy_requests"."outcome" <> '' AND "privacy_requests"."completed_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_assignee_admin_id_admins_id_fk" FOREIGN KEY ("assignee_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_open_due_idx" ON "privacy_requests" USING btree ("due_date","id") WHERE status NOT IN ('completed', 'rejected');--> statement-breakpoint
CREATE INDEX "privacy_requests_created_idx" ON "privacy_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_subject_idx" ON "privacy_requests" USING btree ("subject_type","subject_id");--> statement-breakpoint
-- A completed or rejected request is the record of what was done: it does not change afterwards.
CREATE FUNCTION privacy_requests_refuse_reopen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'privacy request % is closed', OLD.id USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER privacy_requests_closed_stays BEFORE UPDATE OR DELETE ON privacy_requests
  FOR EACH ROW WHEN (OLD.status IN ('completed', 'rejected')) EXECUTE FUNCTION privacy_requests_refuse_reopen();
