-- The visa-expiry board filtered by visa type or by extension status walked the board's (visa_expiry_date, id)
-- index and tested each worker: an F-5 visa or an approved extension expires late, so the walk went through every
-- earlier visa, and found none in the board's window at all (430-780 ms a page at the benchmark's scale, the
-- count as long again). An index on the filtered value, then the board's order, gives the page and the count
-- directly (docs/ARCHITECTURE.md#the-visa-board-filtered).
CREATE INDEX "workers_visa_board_type_idx" ON "workers" USING btree ("visa_type","visa_expiry_date","id") WHERE deleted_at IS NULL AND status <> 'departed';--> statement-breakpoint
CREATE INDEX "workers_visa_board_extension_idx" ON "workers" USING btree ("extension_status","visa_expiry_date","id") WHERE deleted_at IS NULL AND status <> 'departed';