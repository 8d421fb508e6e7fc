CREATE TABLE "job_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employer_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"title" text NOT NULL,
	"industry" text NOT NULL,
	"job_description" text NOT NULL,
	"is_simple_labour" boolean DEFAULT true NOT NULL,
	"headcount" integer NOT NULL,
	"filled_count" integer DEFAULT 0 NOT NULL,
	"region" text NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"work_address" text NOT NULL,
	"employment_type" text NOT NULL,
	"contract_months" integer,
	"work_days" text[] NOT NULL,
	"work_start_time" text NOT NULL,
	"work_end_time" text NOT NULL,
	"break_minutes" integer DEFAULT 60 NOT NULL,
	"salary_type" text NOT NULL,
	"salary_amount" integer NOT NULL,
	"dormitory_provided" boolean DEFAULT false NOT NULL,
	"meal_provided" text DEFAULT 'none' NOT NULL,
	"allowed_visa_types" text[] NOT NULL,
	"required_korean_level" text DEFAULT 'none' NOT NULL,
	"deadline" date,
	"view_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "matching_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "matching_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"matching_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" integer
);
--> statement-breakpoint
CREATE TABLE "matchings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "matchings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_post_id" integer NOT NULL,
	"employer_id" integer NOT NULL,
	"worker_id" integer NOT NULL,
	"resume_id" integer,
	"branch_id" integer NOT NULL,
	"source" text DEFAULT 'admin' NOT NULL,
	"manager_admin_id" integer,
	"worker_nationality" text NOT NULL,
	"worker_visa_type" text,
	"industry" text NOT NULL,
	"interview_at" timestamp with time zone,
	"contract_date" date,
	"start_date" date,
	"end_date" date,
	"agreed_salary_type" text,
	"agreed_salary_amount" integer,
	"fee_amount" integer,
	"memo" text DEFAULT '' NOT NULL,
	"cancel_reason" text,
	"override_reason" text,
	"overridden_warnings" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resumes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"worker_id" integer NOT NULL,
	"work_experience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"education_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language_skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skills" text[] DEFAULT '{}' NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"visibility" text DEFAULT 'employers' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_status_history" ADD CONSTRAINT "matching_status_history_matching_id_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."matchings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_status_history" ADD CONSTRAINT "matching_status_history_changed_by_admins_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matchings" ADD CONSTRAINT "matchings_manager_admin_id_admins_id_fk" FOREIGN KEY ("manager_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_posts_created_idx" ON "job_posts" USING btree ("created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_status_created_idx" ON "job_posts" USING btree ("status","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_employer_created_idx" ON "job_posts" USING btree ("employer_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_branch_created_idx" ON "job_posts" USING btree ("branch_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_industry_created_idx" ON "job_posts" USING btree ("industry","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_salary_type_created_idx" ON "job_posts" USING btree ("salary_type","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_deadline_idx" ON "job_posts" USING btree ("deadline","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_title_idx" ON "job_posts" USING btree ("title","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_salary_amount_idx" ON "job_posts" USING btree ("salary_amount","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_published_idx" ON "job_posts" USING btree ("published_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_allowed_visa_types_idx" ON "job_posts" USING gin ("allowed_visa_types") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "job_posts_active_deadline_idx" ON "job_posts" USING btree ("deadline") WHERE status = 'active' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "matching_status_history_matching_idx" ON "matching_status_history" USING btree ("matching_id","to_status");--> statement-breakpoint
CREATE INDEX "matching_status_history_to_changed_idx" ON "matching_status_history" USING btree ("to_status","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "matchings_open_pair_key" ON "matchings" USING btree ("job_post_id","worker_id") WHERE status IN ('proposed', 'interview', 'accepted', 'contracted', 'working');--> statement-breakpoint
CREATE INDEX "matchings_created_idx" ON "matchings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "matchings_status_created_idx" ON "matchings" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "matchings_branch_created_idx" ON "matchings" USING btree ("branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matchings_employer_created_idx" ON "matchings" USING btree ("employer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matchings_job_post_created_idx" ON "matchings" USING btree ("job_post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matchings_worker_created_idx" ON "matchings" USING btree ("worker_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matchings_nationality_created_idx" ON "matchings" USING btree ("worker_nationality","created_at","id");--> statement-breakpoint
CREATE INDEX "matchings_visa_created_idx" ON "matchings" USING btree ("worker_visa_type","created_at","id");--> statement-breakpoint
CREATE INDEX "matchings_start_date_idx" ON "matchings" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "matchings_contract_date_idx" ON "matchings" USING btree ("contract_date","id");--> statement-breakpoint
CREATE INDEX "matchings_resume_idx" ON "matchings" USING btree ("resume_id");--> statement-breakpoint
CREATE INDEX "matchings_manager_idx" ON "matchings" USING btree ("manager_admin_id");--> statement-breakpoint
CREATE INDEX "resumes_updated_idx" ON "resumes" USING btree ("updated_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "resumes_created_idx" ON "resumes" USING btree ("created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "resumes_status_updated_idx" ON "resumes" USING btree ("status","updated_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "resumes_visibility_updated_idx" ON "resumes" USING btree ("visibility","updated_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "resumes_views_idx" ON "resumes" USING btree ("views_count","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "resumes_last_viewed_idx" ON "resumes" USING btree ("last_viewed_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "resumes_worker_idx" ON "resumes" USING btree ("worker_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "resumes_deleted_idx" ON "resumes" USING btree ("deleted_at","id") WHERE deleted_at IS NOT NULL;