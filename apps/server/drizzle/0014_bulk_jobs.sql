CREATE TABLE "bulk_job_items" (
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"record_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"code" text,
	"message" text,
	CONSTRAINT "bulk_job_items_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"scope" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"runner_token" text,
	"heartbeat_at" timestamp with time zone,
	"run_actor" jsonb NOT NULL,
	"failure" text,
	"scope_branch_ids" integer[],
	"created_by" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_job_items_failed_idx" ON "bulk_job_items" USING btree ("job_id","seq") WHERE status = 'failed';--> statement-breakpoint
CREATE INDEX "bulk_jobs_running_idx" ON "bulk_jobs" USING btree ("heartbeat_at") WHERE status = 'running';