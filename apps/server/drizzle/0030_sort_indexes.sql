-- A list sorted by a column reads the page from an index on that column and the id, either way (the list's order,
-- db/list.ts). Four sortable columns had only an index with the creation time between them, so their first page
-- sorted every row of the column's first values: at the benchmark's scale workers by nationality 357 ms, matchings
-- by status 117 ms, employers by status or approval 70 ms (docs/ARCHITECTURE.md#sorted-lists).
CREATE INDEX "employers_status_idx" ON "employers" USING btree ("status","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employers_approved_at_idx" ON "employers" USING btree ("approved_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "matchings_status_idx" ON "matchings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "workers_nationality_idx" ON "workers" USING btree ("nationality","id") WHERE deleted_at IS NULL;