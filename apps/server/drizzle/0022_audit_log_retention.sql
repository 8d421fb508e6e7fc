ALTER TABLE "audit_checkpoints" DROP CONSTRAINT "audit_checkpoints_kind_check";--> statement-breakpoint
ALTER TABLE "audit_checkpoints" ADD CONSTRAINT "audit_checkpoints_kind_check" CHECK ("audit_checkpoints"."kind" IN ('keyed_start', 'head', 'cut'));--> statement-breakpoint
-- The access log stays append-only, with one door: a row past the log's retention may be deleted once a `cut`
-- checkpoint covers it (written first, under the chain lock, in the same transaction) and it is over two years
-- old — the least the 안전성 확보조치 기준 lets a log that records unique identifiers be kept
-- (docs/access-log.md#retention). UPDATE and TRUNCATE stay refused.
CREATE OR REPLACE FUNCTION audit_logs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND OLD.created_at < now() - interval '24 months'
     AND EXISTS (SELECT 1 FROM audit_checkpoints WHERE kind = 'cut' AND last_id >= OLD.id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
