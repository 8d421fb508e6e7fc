CREATE TABLE "employers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_name" text NOT NULL,
	"business_reg_no" text NOT NULL,
	"ceo_name" text NOT NULL,
	"opening_date" date,
	"biz_entity_type" text NOT NULL,
	"industry" text NOT NULL,
	"region" text NOT NULL,
	"zip_code" text NOT NULL,
	"road_address" text NOT NULL,
	"address_detail" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"manager_name" text DEFAULT '' NOT NULL,
	"manager_phone" text DEFAULT '' NOT NULL,
	"employee_count" integer DEFAULT 0 NOT NULL,
	"foreign_worker_count" integer DEFAULT 0 NOT NULL,
	"branch_id" integer NOT NULL,
	"admin_memo" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_ko" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"nationality" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"email_address" text DEFAULT '' NOT NULL,
	"alien_reg_no_enc" text,
	"alien_reg_no_hash" text,
	"alien_reg_no_masked" text,
	"passport_no_enc" text,
	"passport_no_hash" text,
	"passport_no_masked" text,
	"passport_expiry_date" date,
	"visa_type" text NOT NULL,
	"visa_status" text DEFAULT 'valid' NOT NULL,
	"visa_expiry_date" date,
	"entry_date" date,
	"employment_period_end_date" date,
	"korean_level" text DEFAULT 'none' NOT NULL,
	"desired_industries" text[] DEFAULT '{}' NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state_province" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'KR' NOT NULL,
	"branch_id" integer NOT NULL,
	"admin_memo" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'seeking' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"extension_status" text DEFAULT 'none' NOT NULL,
	"extension_applied_at" date,
	"extension_approved_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_approved_by_admins_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employers_business_reg_no_key" ON "employers" USING btree ("business_reg_no") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employers_created_idx" ON "employers" USING btree ("created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employers_branch_created_idx" ON "employers" USING btree ("branch_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employers_status_created_idx" ON "employers" USING btree ("status","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employers_company_name_idx" ON "employers" USING btree ("company_name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employers_approved_by_idx" ON "employers" USING btree ("approved_by");--> statement-breakpoint
CREATE UNIQUE INDEX "workers_alien_reg_no_hash_key" ON "workers" USING btree ("alien_reg_no_hash") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workers_passport_no_hash_idx" ON "workers" USING btree ("passport_no_hash") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workers_created_idx" ON "workers" USING btree ("created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workers_branch_created_idx" ON "workers" USING btree ("branch_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workers_status_created_idx" ON "workers" USING btree ("status","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workers_nationality_created_idx" ON "workers" USING btree ("nationality","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workers_visa_expiry_idx" ON "workers" USING btree ("visa_expiry_date","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "workers_last_name_idx" ON "workers" USING btree ("last_name","id") WHERE deleted_at IS NULL;