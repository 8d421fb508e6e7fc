-- The one-job index covers only the one-employer visas (packages/contracts/src/law/visas.ts ONE_EMPLOYER_ROWS, as the
-- matching took the visa): an F-5 worker may hold two jobs; docs/law-as-data.md#visas.
DROP INDEX "matchings_worker_engaged_key";--> statement-breakpoint
CREATE UNIQUE INDEX "matchings_worker_engaged_key" ON "matchings" USING btree ("worker_id") WHERE status IN ('contracted', 'working') AND worker_visa_type IN ('E-9', 'E-8', 'E-10', 'H-2', 'E-7');