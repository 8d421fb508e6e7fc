CREATE TABLE "audit_finding_reopens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_finding_reopens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ack_id" integer NOT NULL,
	"reason" text NOT NULL,
	"reopened_by_admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_finding_reopens_reason_check" CHECK (btrim("audit_finding_reopens"."reason") <> '')
);
--> statement-breakpoint
DROP INDEX "audit_finding_acks_key";--> statement-breakpoint
ALTER TABLE "audit_finding_acks" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_finding_reopens" ADD CONSTRAINT "audit_finding_reopens_ack_id_audit_finding_acks_id_fk" FOREIGN KEY ("ack_id") REFERENCES "public"."audit_finding_acks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_finding_reopens" ADD CONSTRAINT "audit_finding_reopens_reopened_by_admin_id_admins_id_fk" FOREIGN KEY ("reopened_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_finding_reopens_ack_key" ON "audit_finding_reopens" USING btree ("ack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_finding_acks_key" ON "audit_finding_acks" USING btree ("period","kind","subject_admin_id","round");--> statement-breakpoint
ALTER TABLE "audit_finding_acks" ADD CONSTRAINT "audit_finding_acks_not_own_check" CHECK ("audit_finding_acks"."acknowledged_by_admin_id" <> "audit_finding_acks"."subject_admin_id") NOT VALID;--> statement-breakpoint
-- A reopening is part of the review record: append-only like the acknowledgements (0019).
CREATE FUNCTION audit_finding_reopens_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_finding_reopens is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_finding_reopens_no_update_delete BEFORE UPDATE OR DELETE ON audit_finding_reopens
  FOR EACH ROW EXECUTE FUNCTION audit_finding_reopens_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_finding_reopens_no_truncate BEFORE TRUNCATE ON audit_finding_reopens
  FOR EACH STATEMENT EXECUTE FUNCTION audit_finding_reopens_refuse_change();
--> statement-breakpoint
-- A saved view holds no identifier (docs/saved-views.md#no-identifiers-in-a-view): the parameters stored before the
-- rule that hold a lookup's reason, 8 digits or more (dashes and spaces aside, a date apart) or a passport-like word
-- are taken out, as the server would refuse them now.
WITH cleaned AS (
  SELECT v.id, coalesce((
      SELECT jsonb_object_agg(e.key, e.value)
      FROM jsonb_each_text(v.query) AS e(key, value)
      WHERE e.key <> 'reason'
        AND (regexp_replace(e.value, '[[:space:]-]', '', 'g') !~ '[0-9]{8}'
             OR e.value ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
        AND NOT ((e.key = 'q' OR e.value !~ '^[a-z][a-z0-9_]*$') AND EXISTS (
          SELECT 1 FROM regexp_split_to_table(upper(e.value), '[^0-9A-Z-]+') AS w(word)
          WHERE w.word ~ '^[A-Z0-9]{5,20}$' AND w.word ~ '[0-9]' AND w.word ~ '[A-Z]'))
    ), '{}'::jsonb) AS query
  FROM saved_views AS v
)
UPDATE saved_views AS v
SET query = cleaned.query, version = v.version + 1, updated_at = now()
FROM cleaned
WHERE cleaned.id = v.id AND cleaned.query IS DISTINCT FROM v.query;
