CREATE TABLE "audit_checkpoints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_checkpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"row_count" bigint NOT NULL,
	"legacy_ok" boolean,
	"legacy_problems" integer,
	"prev_mac" text NOT NULL,
	"mac" text NOT NULL,
	CONSTRAINT "audit_checkpoints_kind_check" CHECK ("audit_checkpoints"."kind" IN ('keyed_start', 'head'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_checkpoints_keyed_start_idx" ON "audit_checkpoints" USING btree ("kind") WHERE "audit_checkpoints"."kind" = 'keyed_start';--> statement-breakpoint
-- The access log's checkpoints are append-only like the log itself (see 0001): no UPDATE, DELETE or TRUNCATE.
CREATE FUNCTION audit_checkpoints_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_checkpoints is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_update_delete BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_checkpoints_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION audit_checkpoints_refuse_change();
