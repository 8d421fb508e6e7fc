CREATE TABLE "worker_workplace_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "worker_workplace_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"worker_id" integer NOT NULL,
	"request_date" date NOT NULL,
	"cause" text NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"approval_date" date,
	"approval_no" text,
	"from_employer_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "worker_workplace_changes_cause_check" CHECK ("worker_workplace_changes"."cause" IN ('worker_request', 'employer_caused')),
	CONSTRAINT "worker_workplace_changes_approval_check" CHECK (("worker_workplace_changes"."approved" AND "worker_workplace_changes"."approval_date" IS NOT NULL AND "worker_workplace_changes"."approval_date" >= "worker_workplace_changes"."request_date")
        OR (NOT "worker_workplace_changes"."approved" AND "worker_workplace_changes"."approval_date" IS NULL AND "worker_workplace_changes"."approval_no" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "worker_workplace_changes" ADD CONSTRAINT "worker_workplace_changes_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_workplace_changes" ADD CONSTRAINT "worker_workplace_changes_from_employer_id_employers_id_fk" FOREIGN KEY ("from_employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_workplace_changes" ADD CONSTRAINT "worker_workplace_changes_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "worker_workplace_changes_worker_idx" ON "worker_workplace_changes" USING btree ("worker_id","request_date") WHERE deleted_at IS NULL;