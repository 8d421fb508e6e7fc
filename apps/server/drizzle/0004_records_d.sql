CREATE TABLE "app_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_type" text NOT NULL,
	"login_id" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"employer_id" integer,
	"worker_id" integer,
	"preferred_language" text DEFAULT 'ko' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "app_users_link_check" CHECK (("app_users"."user_type" = 'employer' AND "app_users"."employer_id" IS NOT NULL AND "app_users"."worker_id" IS NULL)
        OR ("app_users"."user_type" = 'worker' AND "app_users"."worker_id" IS NOT NULL AND "app_users"."employer_id" IS NULL)),
	CONSTRAINT "app_users_status_check" CHECK ("app_users"."status" IN ('active', 'suspended', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"author_admin_id" integer,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"matching_id" integer,
	"employer_id" integer NOT NULL,
	"worker_id" integer,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"method" text DEFAULT 'bank_transfer' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"account_no_enc" text,
	"account_no_hash" text,
	"account_no_masked" text,
	"account_holder" text DEFAULT '' NOT NULL,
	"scheduled_date" date,
	"paid_at" timestamp with time zone,
	"memo" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payouts_amounts_check" CHECK ("payouts"."amount" > 0 AND "payouts"."vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"matching_id" integer NOT NULL,
	"reviewer_type" text NOT NULL,
	"employer_id" integer NOT NULL,
	"worker_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"content" text NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"moderation_reason" text,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_report_count_check" CHECK ("reviews"."report_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_author_admin_id_admins_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_matching_id_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."matchings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_matching_id_matchings_id_fk" FOREIGN KEY ("matching_id") REFERENCES "public"."matchings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_admins_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_users_login_id_key" ON "app_users" USING btree (lower("login_id"));--> statement-breakpoint
CREATE INDEX "app_users_joined_idx" ON "app_users" USING btree ("joined_at","id");--> statement-breakpoint
CREATE INDEX "app_users_type_joined_idx" ON "app_users" USING btree ("user_type","joined_at","id");--> statement-breakpoint
CREATE INDEX "app_users_last_login_idx" ON "app_users" USING btree ("last_login_at","id");--> statement-breakpoint
CREATE INDEX "app_users_name_idx" ON "app_users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "app_users_status_last_seen_idx" ON "app_users" USING btree ("status",coalesce("last_login_at", "joined_at"));--> statement-breakpoint
CREATE INDEX "app_users_employer_idx" ON "app_users" USING btree ("employer_id");--> statement-breakpoint
CREATE INDEX "app_users_worker_idx" ON "app_users" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "notices_published_idx" ON "notices" USING btree ("is_pinned" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "notices_created_idx" ON "notices" USING btree ("is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "notices_views_idx" ON "notices" USING btree ("is_pinned" DESC NULLS FIRST,"view_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "notices_title_idx" ON "notices" USING btree ("is_pinned" DESC NULLS FIRST,"title","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "notices_status_idx" ON "notices" USING btree ("status","is_pinned" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "notices_audience_idx" ON "notices" USING btree ("audience","is_pinned" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "notices_author_idx" ON "notices" USING btree ("author_admin_id");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_status_created_idx" ON "payouts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_type_created_idx" ON "payouts" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_employer_created_idx" ON "payouts" USING btree ("employer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_day_idx" ON "payouts" USING btree (coalesce("scheduled_date", ("created_at" AT TIME ZONE 'Asia/Seoul')::date),"id");--> statement-breakpoint
CREATE INDEX "payouts_scheduled_idx" ON "payouts" USING btree ("scheduled_date","id");--> statement-breakpoint
CREATE INDEX "payouts_paid_idx" ON "payouts" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "payouts_amount_idx" ON "payouts" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "payouts_matching_idx" ON "payouts" USING btree ("matching_id");--> statement-breakpoint
CREATE INDEX "payouts_worker_idx" ON "payouts" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "payouts_account_no_hash_idx" ON "payouts" USING btree ("account_no_hash");--> statement-breakpoint
CREATE INDEX "payouts_created_by_idx" ON "payouts" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_matching_reviewer_key" ON "reviews" USING btree ("matching_id","reviewer_type") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_branch_created_idx" ON "reviews" USING btree ("branch_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_reviewer_type_created_idx" ON "reviews" USING btree ("reviewer_type","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_rating_created_idx" ON "reviews" USING btree ("rating","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_report_count_created_idx" ON "reviews" USING btree ("report_count","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_queue_idx" ON "reviews" USING btree ("created_at","id") WHERE deleted_at IS NULL AND (status = 'pending' OR (status = 'published' AND report_count > 0));--> statement-breakpoint
CREATE INDEX "reviews_employer_idx" ON "reviews" USING btree ("employer_id");--> statement-breakpoint
CREATE INDEX "reviews_worker_idx" ON "reviews" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "reviews_moderated_by_idx" ON "reviews" USING btree ("moderated_by");--> statement-breakpoint
CREATE INDEX "reviews_created_by_idx" ON "reviews" USING btree ("created_by");