-- The payouts list sums its filter's payouts by status on every page when the filter matches a few thousand (a
-- status, a branch's employers, a type); the sums read `status`, `amount` and `vat` of each row. Carried in the
-- indexes those filters already walk, they are read from the index alone, without a visit to each row
-- (docs/ARCHITECTURE.md#payout-sums-from-the-index). Same names, keys and order: only the INCLUDE columns are new.
DROP INDEX "payouts_status_created_idx";
--> statement-breakpoint
CREATE INDEX "payouts_status_created_idx" ON "payouts" USING btree ("status","created_at","id") INCLUDE ("amount","vat");
--> statement-breakpoint
DROP INDEX "payouts_employer_created_idx";
--> statement-breakpoint
CREATE INDEX "payouts_employer_created_idx" ON "payouts" USING btree ("employer_id","created_at","id") INCLUDE ("status","amount","vat");
--> statement-breakpoint
DROP INDEX "payouts_type_created_idx";
--> statement-breakpoint
CREATE INDEX "payouts_type_created_idx" ON "payouts" USING btree ("type","created_at","id") INCLUDE ("status","amount","vat");
