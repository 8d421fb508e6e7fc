CREATE TABLE "summary_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"refreshing_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "employers_industry_created_idx" ON "employers" USING btree ("industry","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employers_region_created_idx" ON "employers" USING btree ("region","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workers_visa_type_created_idx" ON "workers" USING btree ("visa_type","created_at","id") WHERE deleted_at IS NULL;