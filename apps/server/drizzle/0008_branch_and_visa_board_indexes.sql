CREATE INDEX "employers_branch_idx" ON "employers" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "workers_visa_board_idx" ON "workers" USING btree ("visa_expiry_date","id") WHERE deleted_at IS NULL AND status <> 'departed';--> statement-breakpoint
CREATE INDEX "workers_branch_idx" ON "workers" USING btree ("branch_id");