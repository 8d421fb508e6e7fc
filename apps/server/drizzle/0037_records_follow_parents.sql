-- A record follows its parent (docs/DOMAIN.md, I-22 and I-23). A worker's delete now takes its live resumes to the
-- trash with it, and marks them so that the worker's restore brings back those and no other; a job post's branch is
-- its employer's, and an employer's move takes its posts along. Data written before either rule is repaired here and
-- each repair recorded in data_repairs (listed by `npm run check:data`), as 0010 and 0033 did.
ALTER TABLE "resumes" ADD COLUMN "deleted_with_worker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A live resume of a deleted worker goes to the trash as of its worker's delete, as if it had gone with it.
WITH orphaned AS (
	SELECT r.id, w.id AS worker_id, w.deleted_at
	FROM resumes r JOIN workers w ON w.id = r.worker_id
	WHERE r.deleted_at IS NULL AND w.deleted_at IS NOT NULL
), logged AS (
	INSERT INTO data_repairs (check_code, target_type, target_id, action)
	SELECT 'resume_of_deleted_worker', 'resume', id,
		'삭제된 근로자 #' || worker_id || '의 이력서를 근로자 삭제 시점으로 함께 삭제함 (근로자를 복원하면 함께 복원)'
	FROM orphaned
)
UPDATE resumes r SET deleted_at = o.deleted_at, deleted_with_worker = TRUE, updated_at = now(), version = r.version + 1
FROM orphaned o WHERE r.id = o.id;
--> statement-breakpoint
-- A post left in the branch its employer was in when the post was made goes to the employer's branch, live or in the
-- trash; its matchings stay with the branch that made them (docs/domain-integrity.md#a-posts-branch).
WITH astray AS (
	SELECT p.id, p.branch_id AS was, e.id AS employer_id, e.branch_id
	FROM job_posts p JOIN employers e ON e.id = p.employer_id
	WHERE p.branch_id <> e.branch_id
), logged AS (
	INSERT INTO data_repairs (check_code, target_type, target_id, action)
	SELECT 'post_branch_not_employers', 'job_post', id,
		'담당 지점을 지점 #' || was || '에서 사업주 #' || employer_id || '의 지점 #' || branch_id || '(으)로 옮김 (매칭은 만든 지점에 그대로)'
	FROM astray
)
UPDATE job_posts p SET branch_id = a.branch_id, updated_at = now(), version = p.version + 1
FROM astray a WHERE p.id = a.id;
