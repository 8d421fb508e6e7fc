-- The trash lists deleted records newest deletion first and counts them. Workers, employers and job posts had no
-- index on their deleted rows (resumes did), so the trash's page and count read the whole table to find the few:
-- 280 ms for workers at the benchmark's scale. A partial index of the deleted rows alone is as small as the trash
-- (docs/ARCHITECTURE.md#sorted-lists).
CREATE INDEX "employers_deleted_idx" ON "employers" USING btree ("deleted_at","id") WHERE deleted_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "job_posts_deleted_idx" ON "job_posts" USING btree ("deleted_at","id") WHERE deleted_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "workers_deleted_idx" ON "workers" USING btree ("deleted_at","id") WHERE deleted_at IS NOT NULL;