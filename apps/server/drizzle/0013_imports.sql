CREATE TABLE "import_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_hash" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text NOT NULL,
	"headers" text[] NOT NULL,
	"mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"duplicate_rows" integer DEFAULT 0 NOT NULL,
	"committed_rows" integer DEFAULT 0 NOT NULL,
	"undone_rows" integer DEFAULT 0 NOT NULL,
	"kept_rows" integer DEFAULT 0 NOT NULL,
	"run_total" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"runner_token" text,
	"run_actor" jsonb,
	"heartbeat_at" timestamp with time zone,
	"failure" text,
	"scope_branch_ids" integer[],
	"created_by" integer,
	"validated_at" timestamp with time zone,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_batches_counts_check" CHECK (total_rows >= 0 AND committed_rows >= 0 AND cursor >= 0)
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"batch_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"cells_enc" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"errors" jsonb,
	"row_key" text,
	"record_id" integer,
	CONSTRAINT "import_rows_batch_id_row_no_pk" PRIMARY KEY("batch_id","row_no")
);
--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "import_row_no" integer;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "import_row_no" integer;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_resource_created_idx" ON "import_batches" USING btree ("resource","created_at","id");--> statement-breakpoint
CREATE INDEX "import_batches_hash_idx" ON "import_batches" USING btree ("resource","file_hash");--> statement-breakpoint
CREATE INDEX "import_batches_running_idx" ON "import_batches" USING btree ("heartbeat_at") WHERE status IN ('validating', 'committing');--> statement-breakpoint
CREATE INDEX "import_rows_key_idx" ON "import_rows" USING btree ("batch_id","row_key","row_no");--> statement-breakpoint
CREATE INDEX "import_rows_status_idx" ON "import_rows" USING btree ("batch_id","status","row_no");--> statement-breakpoint
CREATE INDEX "employers_import_batch_idx" ON "employers" USING btree ("import_batch_id") WHERE import_batch_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "workers_import_batch_idx" ON "workers" USING btree ("import_batch_id") WHERE import_batch_id IS NOT NULL;