CREATE TABLE "data_repairs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_repairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"check_code" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_repairs_target_idx" ON "data_repairs" USING btree ("target_type","target_id");--> statement-breakpoint
-- Existing data that would break the constraints below is repaired first, and each repair is recorded in
-- data_repairs (listed by `npm run check:data`); see docs/domain-integrity.md.
-- 1. A worker contracted or working in two matchings: the working one (else the earliest) stays.
WITH ranked AS (
	SELECT id, status, row_number() OVER (
		PARTITION BY worker_id ORDER BY (status = 'working') DESC, start_date NULLS LAST, id) AS rn
	FROM matchings WHERE status IN ('contracted', 'working')
), losers AS (
	SELECT id, status FROM ranked WHERE rn > 1
), logged AS (
	INSERT INTO data_repairs (check_code, target_type, target_id, action)
	SELECT 'worker_engaged_twice', 'matching', id,
		CASE status WHEN 'working' THEN '같은 근로자의 다른 근무와 겹쳐 중도 해지로 정리' ELSE '같은 근로자의 다른 계약과 겹쳐 취소로 정리' END
	FROM losers
), history AS (
	INSERT INTO matching_status_history (matching_id, from_status, to_status, reason)
	SELECT id, status, CASE status WHEN 'working' THEN 'terminated' ELSE 'cancelled' END,
		'데이터 점검: 같은 근로자의 다른 계약과 겹침'
	FROM losers
)
UPDATE matchings m SET
	status = CASE l.status WHEN 'working' THEN 'terminated' ELSE 'cancelled' END,
	cancel_reason = '데이터 점검: 같은 근로자의 다른 계약과 겹침',
	start_date = coalesce(m.start_date, m.contract_date, (m.created_at AT TIME ZONE 'Asia/Seoul')::date),
	end_date = CASE WHEN l.status = 'working' THEN greatest(
		coalesce(m.start_date, m.contract_date, (m.created_at AT TIME ZONE 'Asia/Seoul')::date),
		(now() AT TIME ZONE 'Asia/Seoul')::date) ELSE m.end_date END,
	status_changed_at = now(), updated_at = now(), version = m.version + 1
FROM losers l WHERE m.id = l.id;
--> statement-breakpoint
-- 2. Two live fee payouts for one matching: the one furthest along (paid, approved, pending) stays.
WITH ranked AS (
	SELECT id, row_number() OVER (
		PARTITION BY matching_id
		ORDER BY CASE status WHEN 'paid' THEN 0 WHEN 'approved' THEN 1 WHEN 'pending' THEN 2 ELSE 3 END, id) AS rn
	FROM payouts WHERE type = 'matching_fee' AND status <> 'cancelled' AND matching_id IS NOT NULL
), losers AS (
	SELECT id FROM ranked WHERE rn > 1
), logged AS (
	INSERT INTO data_repairs (check_code, target_type, target_id, action)
	SELECT 'duplicate_matching_fee', 'payout', id, '같은 매칭의 중복 매칭 수수료 정산을 취소로 정리' FROM losers
)
UPDATE payouts SET status = 'cancelled', status_reason = '데이터 점검: 같은 매칭의 중복 매칭 수수료',
	status_changed_at = now(), updated_at = now(), version = version + 1
WHERE id IN (SELECT id FROM losers);
--> statement-breakpoint
-- 3. Dates a status needs: a missing start date is the contract date (else the day it was made); a missing
-- end date is the day the status was reached; an end before the start is the start.
WITH fixed AS (
	UPDATE matchings SET start_date = coalesce(contract_date, (created_at AT TIME ZONE 'Asia/Seoul')::date),
		updated_at = now(), version = version + 1
	WHERE status IN ('contracted', 'working', 'completed', 'terminated') AND start_date IS NULL
	RETURNING id, start_date
)
INSERT INTO data_repairs (check_code, target_type, target_id, action)
SELECT 'matching_dates', 'matching', id, '근무 시작일이 없어 ' || start_date || '로 기록' FROM fixed;
--> statement-breakpoint
WITH fixed AS (
	UPDATE matchings SET end_date = greatest(start_date, (coalesce(status_changed_at, updated_at) AT TIME ZONE 'Asia/Seoul')::date),
		updated_at = now(), version = version + 1
	WHERE (status IN ('completed', 'terminated') AND end_date IS NULL) OR end_date < start_date
	RETURNING id, end_date
)
INSERT INTO data_repairs (check_code, target_type, target_id, action)
SELECT 'matching_dates', 'matching', id, '종료일이 없거나 시작일보다 빨라 ' || end_date || '로 기록' FROM fixed;
--> statement-breakpoint
-- 4. An interview skipped without a word: the step is marked as a skip of earlier data.
WITH fixed AS (
	UPDATE matching_status_history SET reason = '면접 생략 (사유 기록 이전 데이터)'
	WHERE from_status = 'proposed' AND to_status = 'accepted' AND coalesce(trim(reason), '') = ''
	RETURNING matching_id
)
INSERT INTO data_repairs (check_code, target_type, target_id, action)
SELECT 'interview_skipped_silently', 'matching', matching_id, '면접 생략을 상태 이력에 표시' FROM fixed;
--> statement-breakpoint
-- 5. The filled headcount of posts whose contracts were repaired above follows them.
WITH counts AS (
	SELECT p.id, count(m.id)::int AS n
	FROM job_posts p LEFT JOIN matchings m ON m.job_post_id = p.id AND m.status IN ('contracted', 'working')
	WHERE p.id IN (SELECT m2.job_post_id FROM matchings m2 JOIN data_repairs r ON r.target_type = 'matching' AND r.target_id = m2.id
		WHERE r.check_code = 'worker_engaged_twice')
	GROUP BY p.id
), fixed AS (
	UPDATE job_posts p SET filled_count = c.n FROM counts c WHERE p.id = c.id AND p.filled_count <> c.n
	RETURNING p.id, p.filled_count
)
INSERT INTO data_repairs (check_code, target_type, target_id, action)
SELECT 'filled_count_drift', 'job_post', id, '충원 인원을 ' || filled_count || '명으로 다시 셈' FROM fixed;
--> statement-breakpoint
CREATE UNIQUE INDEX "matchings_worker_engaged_key" ON "matchings" USING btree ("worker_id") WHERE status IN ('contracted', 'working');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_matching_fee_key" ON "payouts" USING btree ("matching_id") WHERE type = 'matching_fee' AND status <> 'cancelled';--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_start_date_check" CHECK (status NOT IN ('contracted', 'working', 'completed', 'terminated') OR start_date IS NOT NULL);--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_end_date_check" CHECK (status NOT IN ('completed', 'terminated') OR end_date IS NOT NULL);--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_dates_order_check" CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date);