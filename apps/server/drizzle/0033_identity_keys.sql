-- One person, one live worker: a 여권번호 is held by one live worker at most, as a 외국인등록번호 already is
-- (docs/DOMAIN.md#one-person-one-worker). Live workers that share one before this migration are repaired first and
-- each repair is recorded in data_repairs (listed by `npm run check:data`), as 0010 did: the worker the others are
-- kept beside is the one under contract, else the one with matchings, else the one with a 외국인등록번호, else the
-- oldest. Each other one keeps its record, its encrypted number and its masked form; only its search hash (the
-- unique key) is cleared, so nothing is lost and no one is deleted, and the head office decides whether they are one
-- person (docs/domain-integrity.md#the-databases-part).
WITH candidates AS (
	SELECT w.id, w.passport_no_hash,
		EXISTS (SELECT 1 FROM matchings m WHERE m.worker_id = w.id AND m.status IN ('contracted', 'working')) AS engaged,
		EXISTS (SELECT 1 FROM matchings m WHERE m.worker_id = w.id) AS matched,
		w.alien_reg_no_hash IS NOT NULL AS registered
	FROM workers w
	WHERE w.deleted_at IS NULL AND w.passport_no_hash IS NOT NULL
), ranked AS (
	SELECT id, first_value(id) OVER win AS keeper, row_number() OVER win AS rn
	FROM candidates
	WINDOW win AS (PARTITION BY passport_no_hash ORDER BY engaged DESC, matched DESC, registered DESC, id)
), losers AS (
	SELECT id, keeper FROM ranked WHERE rn > 1
), logged AS (
	INSERT INTO data_repairs (check_code, target_type, target_id, action)
	SELECT 'duplicate_passport_no', 'worker', id,
		'근로자 #' || keeper || '와 여권번호가 같아 이 기록의 여권번호 중복 키를 비움 (번호는 암호화된 채 유지, 같은 사람인지 확인 필요)'
	FROM losers
)
UPDATE workers w SET passport_no_hash = NULL, updated_at = now(), version = w.version + 1
FROM losers l WHERE w.id = l.id;
--> statement-breakpoint
DROP INDEX "workers_passport_no_hash_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "workers_passport_no_hash_key" ON "workers" USING btree ("passport_no_hash") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workers_identity_name_idx" ON "workers" USING btree ("date_of_birth","nationality",upper("last_name"),upper("first_name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE TABLE "import_row_keys" (
	"batch_id" integer NOT NULL,
	"key" text NOT NULL,
	"row_no" integer NOT NULL,
	CONSTRAINT "import_row_keys_batch_id_key_pk" PRIMARY KEY("batch_id","key")
);
--> statement-breakpoint
ALTER TABLE "import_row_keys" ADD CONSTRAINT "import_row_keys_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A dry run under way goes on with the keys its earlier pages found (each row had one).
INSERT INTO import_row_keys (batch_id, key, row_no)
SELECT batch_id, row_key, min(row_no) FROM import_rows
WHERE row_key IS NOT NULL AND status = 'valid'
	AND batch_id IN (SELECT id FROM import_batches WHERE status = 'validating')
GROUP BY batch_id, row_key;--> statement-breakpoint
DROP INDEX "import_rows_key_idx";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "row_keys" text[];--> statement-breakpoint
UPDATE import_rows SET row_keys = ARRAY[row_key] WHERE row_key IS NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" DROP COLUMN "row_key";
